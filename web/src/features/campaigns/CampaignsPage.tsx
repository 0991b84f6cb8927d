import type { CampaignView } from '@atendo/contracts';
import { Button, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { CampaignDialog } from './CampaignDialog';
import { applyCampaignFeed } from './campaignList';
import { campaignsApi } from './campaignsApi';
import { CampaignTable } from './CampaignTable';
import { useCampaignList } from './useCampaignList';
import './campaigns.css';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** /campaigns: the company's mass-message campaigns, searched, added, edited, stopped, restarted, deleted. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { campaigns, loading, loadMore, setState } = useCampaignList(search);
  // Remounted for each opening (`key`), so it starts from the campaign it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editing: CampaignView | undefined }>();
  const [deleting, setDeleting] = useState<CampaignView>();

  const open = (editing: CampaignView | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing }));
  const saved = (record: CampaignView) => setState((s) => ({ ...s, campaigns: applyCampaignFeed(s.campaigns, { action: 'update', record }, search) }));

  /** Stop and restart: the answer is the campaign in its new status; a refusal is the server's message as a toast. */
  const transition = async (action: 'cancel' | 'restart', campaign: CampaignView) => {
    try {
      saved(await campaignsApi[action](campaign.id));
      toastSuccess(action === 'cancel' ? t('campaigns.cancelled') : t('campaigns.restarted'));
    } catch (error) {
      toastError(error);
    }
  };

  const confirmDelete = async () => {
    const campaign = deleting;
    if (!campaign) return;
    await campaignsApi.remove(campaign.id);
    setState((s) => ({ ...s, campaigns: applyCampaignFeed(s.campaigns, { action: 'delete', id: campaign.id }) }));
    toastSuccess(t('campaigns.deleted'));
  };

  return (
    <div className="shell-page campaigns-page" data-testid="page">
      <div className="campaigns-header">
        <H3 className="campaigns-heading">{t('campaigns.title')}</H3>
        <div className="campaigns-tools">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('campaigns.search')}
            placeholder={t('campaigns.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="campaigns-search"
            data-testid="campaigns-search"
          />
          <Button icon="cog" aria-label={t('campaigns.settings.title')} title={t('campaigns.settings.title')} onClick={() => navigate('/campaigns-config')} data-testid="campaigns-settings" />
          <Button intent={Intent.PRIMARY} icon="add" text={t('campaigns.add')} onClick={() => open(undefined)} data-testid="campaign-add" />
        </div>
      </div>
      <CampaignTable
        campaigns={campaigns}
        loading={loading}
        searching={!!search}
        loadMore={loadMore}
        onStop={(c) => void transition('cancel', c)}
        onRestart={(c) => void transition('restart', c)}
        onEdit={open}
        onDelete={setDeleting}
      />
      {dialog && <CampaignDialog key={dialog.key} editing={dialog.editing} onSaved={saved} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('campaigns.delete')}
        confirmText={t('campaigns.delete')}
        cancelText={t('campaigns.cancelText')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="campaign-delete-dialog"
      >
        <p>{t('campaigns.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
