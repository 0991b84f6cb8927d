import type { CampaignView } from '@atendo/contracts';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { toastError, toastSuccess } from '../../ui/toaster';
import { CampaignDialog } from './CampaignDialog';
import { campaignsApi } from './campaignsApi';
import { CampaignTable } from './CampaignTable';
import { useCampaignList } from './useCampaignList';
import './campaigns.css';

/** /campaigns: the company's mass-message campaigns, searched, added, edited, stopped, restarted, deleted. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useListPage<CampaignView>();
  const { search } = page;
  const { records: campaigns, loading, loadMore, saved, removed } = useCampaignList(search);


  /** Stop and restart: the answer is the campaign in its new status; a refusal is the server's message as a toast. */
  const transition = async (action: 'cancel' | 'restart', campaign: CampaignView) => {
    try {
      saved(await campaignsApi[action](campaign.id));
      toastSuccess(action === 'cancel' ? t('campaigns.cancelled') : t('campaigns.restarted'));
    } catch (error) {
      toastError(error);
    }
  };

  const confirmDelete = async (campaign: CampaignView) => {
    await campaignsApi.remove(campaign.id);
    removed(campaign.id);
  };

  const removal: RemoveWording = { confirm: t('campaigns.delete'), cancel: t('campaigns.cancelText'), done: t('campaigns.deleted') };
  return (
    <ListPage
      className="campaigns-page"
      title={t('campaigns.title')}
      search={{ text: page.text, onText: page.setText, label: t('campaigns.search'), testId: 'campaigns-search' }}
      tools={<Button icon="cog" aria-label={t('campaigns.settings.title')} title={t('campaigns.settings.title')} onClick={() => navigate('/campaigns-config')} data-testid="campaigns-settings" />}
      add={{ text: t('campaigns.add'), onClick: () => page.open(), testId: 'campaign-add' }}
    >
      <PagedList items={campaigns} loading={loading} loadMore={loadMore} empty={{ icon: 'send-message', text: search ? t('campaigns.noMatch') : t('campaigns.empty') }} testId="campaign-list">
        <CampaignTable
          campaigns={campaigns}
          onStop={(c) => void transition('cancel', c)}
          onRestart={(c) => void transition('restart', c)}
          onEdit={page.open}
          onDelete={page.askDelete}
        />
      </PagedList>
      {page.dialog?.isOpen && <CampaignDialog key={page.dialog.key} editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="campaign-delete-dialog">
        <p>{t('campaigns.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
