import type { QueueIntegration } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { AdminPlanGate } from './AdminPlanGate';
import { IntegrationDialog } from './IntegrationDialog';
import { IntegrationTable } from './IntegrationTable';
import { queueIntegrationsApi } from './queueIntegrationsApi';
import { useIntegrationList } from './useIntegrationList';
import './integrations.css';

/** /queue-integration (admins, plans with useIntegrations): Dialogflow, n8n, webhook, Typebot and flow integrations. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  return (
    <AdminPlanGate flag="useIntegrations" noPermissionText={t('integrations.noPermission')} planRefusedText={t('integrations.planRefused')}>
      <IntegrationsManager />
    </AdminPlanGate>
  );
}

function IntegrationsManager() {
  const { t } = useTranslation();
  const page = useListPage<QueueIntegration>();
  const { search } = page;
  const { records, loading, loadMore, saved, removed } = useIntegrationList(search);

  const confirmDelete = async (integration: QueueIntegration) => {
    await queueIntegrationsApi.remove(integration.id);
    removed(integration.id);
  };

  return (
    <ListPage
      title={t('integrations.title')}
      search={{ text: page.text, onText: page.setText, label: t('integrations.search'), testId: 'integrations-search' }}
      add={{ text: t('integrations.add'), onClick: () => page.open(), testId: 'integration-add' }}
    >
      <PagedList items={records} loading={loading} loadMore={loadMore} empty={{ icon: 'data-connection', text: search ? t('integrations.noMatch') : t('integrations.empty') }} testId="integrations-scroll">
        <IntegrationTable records={records} onEdit={page.open} onDelete={page.askDelete} />
      </PagedList>
      {page.dialog?.isOpen && <IntegrationDialog key={page.dialog.key} editingId={page.dialog.editing?.id} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove
        record={page.deleting}
        words={{ title: t('integrations.deleteTitle'), confirm: t('integrations.delete'), cancel: t('integrations.form.cancel'), done: t('integrations.deleted') }}
        onConfirm={confirmDelete}
        onClose={page.stopDeleting}
        testId="integration-delete-dialog"
      >
        <p>{t('integrations.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
