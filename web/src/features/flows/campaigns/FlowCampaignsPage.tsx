import type { FlowCampaign } from '@atendo/contracts';
import { Button, H3, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/useCan';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toastSuccess } from '../../../ui/toaster';
import { applyFeed } from '../flowList';
import { flowCampaignsApi } from '../flowsApi';
import { FlowCampaignDialog } from './FlowCampaignDialog';
import { FlowCampaignTable } from './FlowCampaignTable';
import { useFlowCampaigns } from './useFlowCampaigns';
import '../flows.css';

/** /phrase-lists ("Campanhas"): the phrases that start a flow when a contact writes them. */
export function FlowCampaignsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { campaigns, setCampaigns, loading } = useFlowCampaigns();
  const [dialog, setDialog] = useState<{ key: number; editing: FlowCampaign | undefined }>();
  const [deleting, setDeleting] = useState<FlowCampaign>();

  const open = (editing: FlowCampaign | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing }));
  const saved = (record: FlowCampaign) => setCampaigns((list) => applyFeed(list, { action: 'update', record }));
  const confirmDelete = async () => {
    const campaign = deleting;
    if (!campaign) return;
    await flowCampaignsApi.remove(campaign.id);
    setCampaigns((list) => applyFeed(list, { action: 'delete', id: campaign.id }));
    toastSuccess(t('flowCampaigns.deleted'));
  };

  return (
    <div className="shell-page flow-campaigns-page" data-testid="page">
      <div className="flows-header">
        <H3 className="flows-heading">{t('flowCampaigns.title')}</H3>
        <Button intent={Intent.PRIMARY} icon="add" text={t('flowCampaigns.add')} onClick={() => open(undefined)} data-testid="flow-campaign-add" />
      </div>
      <div className="flow-campaign-list">
        {loading && campaigns.length === 0 ? (
          <Spinner size={24} />
        ) : campaigns.length === 0 ? (
          <NonIdealState icon="key" title={t('flowCampaigns.empty')} />
        ) : (
          <FlowCampaignTable campaigns={campaigns} canDelete={can('contacts-page:deleteContact')} onEdit={open} onDelete={setDeleting} />
        )}
      </div>
      {dialog && <FlowCampaignDialog key={dialog.key} editing={dialog.editing} onSaved={saved} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('flowCampaigns.delete')}
        confirmText={t('flowCampaigns.delete')}
        cancelText={t('flowCampaigns.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="flow-campaign-delete-dialog"
      >
        <p>{t('flowCampaigns.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
