import type { FlowCampaign } from '@atendo/contracts';
import { Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/useCan';
import { ConfirmRemove, type RemoveWording } from '../../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../../ui/listPage/ListPage';
import { ListTable } from '../../../ui/listPage/ListTable';
import { PagedList } from '../../../ui/listPage/PagedList';
import { RowButton } from '../../../ui/listPage/RowButton';
import { useListPage } from '../../../ui/listPage/useListPage';
import { applyRecordFeed } from '../../../ui/listPage/records';
import { flowCampaignsApi } from '../flowsApi';
import { FlowCampaignDialog } from './FlowCampaignDialog';
import { useFlowCampaigns } from './useFlowCampaigns';

/** /phrase-lists ("Campanhas"): the phrases that start a flow when a contact writes them. */
export function FlowCampaignsPage() {
  const { t } = useTranslation();
  // Spec §6: delete only where the contacts delete permission allows the profile.
  const canDelete = useCan()('contacts-page:deleteContact');
  const { campaigns, setCampaigns, loading } = useFlowCampaigns();
  const page = useListPage<FlowCampaign>();

  const saved = (record: FlowCampaign) => setCampaigns((list) => applyRecordFeed(list, { action: 'update', record }));
  const confirmDelete = async (campaign: FlowCampaign) => {
    await flowCampaignsApi.remove(campaign.id);
    setCampaigns((list) => applyRecordFeed(list, { action: 'delete', id: campaign.id }));
  };
  const columns = [{ label: t('flowCampaigns.name') }, { label: t('flowCampaigns.status') }, { label: t('flowCampaigns.actions'), className: 'list-page-actions' }];

  const removal: RemoveWording = { confirm: t('flowCampaigns.delete'), cancel: t('flowCampaigns.form.cancel'), done: t('flowCampaigns.deleted') };
  return (
    <ListPage title={t('flowCampaigns.title')} add={{ text: t('flowCampaigns.add'), onClick: () => page.open(), testId: 'flow-campaign-add' }}>
      <PagedList items={campaigns} loading={loading && campaigns.length === 0} empty={{ icon: 'key', text: t('flowCampaigns.empty') }}>
        {/* The phrase campaigns: name (with its phrase), status (Ativo or Desativado), actions. */}
        <ListTable columns={columns} interactive testId="flow-campaign-table">
          {campaigns.map((campaign) => (
            <tr key={campaign.id} data-testid="flow-campaign-row" data-flow-campaign-id={campaign.id}>
              <td>
                <div data-testid="flow-campaign-row-name">{campaign.name}</div>
                <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>“{campaign.phrase}”</div>
              </td>
              <td>
                <Tag minimal round intent={campaign.status ? Intent.SUCCESS : Intent.NONE} data-testid="flow-campaign-status">
                  {campaign.status ? t('flowCampaigns.active') : t('flowCampaigns.inactive')}
                </Tag>
              </td>
              <td className="list-page-actions">
                <RowButton icon="edit" label={t('flowCampaigns.edit')} onClick={() => page.open(campaign)} testId="flow-campaign-edit" />
                {canDelete && <RowButton icon="trash" intent={Intent.DANGER} label={t('flowCampaigns.delete')} onClick={() => page.askDelete(campaign)} testId="flow-campaign-delete" />}
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedList>
      {page.dialog?.isOpen && <FlowCampaignDialog key={page.dialog.key} editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="flow-campaign-delete-dialog">
        <p>{t('flowCampaigns.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
