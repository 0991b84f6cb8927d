import type { QueueIntegration } from '@atendo/contracts';
import { Button, H3, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useCan } from '../../app/useCan';
import { usePlanGuard } from './usePlanGuard';
import { IntegrationDialog } from './IntegrationDialog';
import { IntegrationTable } from './IntegrationTable';
import { queueIntegrationsApi } from './queueIntegrationsApi';
import { useQueueIntegrations } from './useQueueIntegrations';
import './queueIntegrations.css';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** /queue-integration (admins, plans with useIntegrations): Dialogflow, n8n, webhook, Typebot and flow integrations. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const access = usePlanGuard('useIntegrations', t('integrations.planRefused'));
  const closed = (icon: 'lock' | JSX.Element, text?: string) => (
    <div className="shell-page" data-testid="page">
      <NonIdealState icon={icon} description={text} />
    </div>
  );
  if (!can('drawer-admin-items:view')) return closed('lock', t('integrations.noPermission'));
  if (access === 'refused') return closed('lock', t('integrations.planRefused'));
  if (access === 'loading') return closed(<Spinner size={32} />);
  return <IntegrationsManager />;
}

function IntegrationsManager() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { records, loading, loadMore, apply } = useQueueIntegrations(search);
  // The dialog is remounted for each opening (`key`), so it starts from the integration it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editingId: number | undefined }>();
  const [deleting, setDeleting] = useState<QueueIntegration>();
  const open = (editingId: number | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editingId }));

  const confirmDelete = async () => {
    const integration = deleting;
    if (!integration) return;
    await queueIntegrationsApi.remove(integration.id);
    apply({ action: 'delete', integrationId: integration.id });
    toastSuccess(t('integrations.deleted'));
  };

  return (
    <div className="shell-page integrations-page" data-testid="page">
      <div className="integrations-header">
        <H3 className="integrations-heading">{t('integrations.title')}</H3>
        <div className="integrations-tools">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('integrations.search')}
            placeholder={t('integrations.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="integrations-search"
            data-testid="integrations-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('integrations.add')} onClick={() => open(undefined)} data-testid="integration-add" />
        </div>
      </div>
      <IntegrationTable records={records} loading={loading} searching={!!search} loadMore={loadMore} onEdit={(i) => open(i.id)} onDelete={setDeleting} />
      {dialog && <IntegrationDialog key={dialog.key} editingId={dialog.editingId} onSaved={(queueIntegration) => apply({ action: 'update', queueIntegration })} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('integrations.deleteTitle')}
        confirmText={t('integrations.delete')}
        cancelText={t('integrations.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="integration-delete-dialog"
      >
        <p>{t('integrations.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
