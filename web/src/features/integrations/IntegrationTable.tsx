import type { QueueIntegration } from '@atendo/contracts';
import { Button, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { BotHealthTag } from './BotHealthTag';
import { IntegrationTypeTag } from './IntegrationTypeTag';

interface IntegrationTableProps {
  records: QueueIntegration[];
  loading: boolean;
  searching: boolean;
  loadMore(): void;
  onEdit(integration: QueueIntegration): void;
  onDelete(integration: QueueIntegration): void;
}

/** The integrations (spec: type logo, id, name, actions) and their health, loading the next page near the bottom. */
export function IntegrationTable({ records, loading, searching, loadMore, onEdit, onDelete }: IntegrationTableProps) {
  const { t } = useTranslation();
  const { ref, onScroll } = useInfiniteScroll(loadMore, records);
  return (
    <div className="integrations-table-scroll" ref={ref} onScroll={onScroll} data-testid="integrations-scroll">
      {records.length === 0 && !loading ? (
        <NonIdealState icon="data-connection" title={searching ? t('integrations.noMatch') : t('integrations.empty')} />
      ) : (
        <HTMLTable striped className="integrations-table" data-testid="integrations-table">
          <thead>
            <tr>
              <th className="integrations-col-type">{t('integrations.columns.type')}</th>
              <th className="integrations-col-id">{t('integrations.columns.id')}</th>
              <th>{t('integrations.columns.name')}</th>
              <th>{t('integrations.columns.health')}</th>
              <th className="integrations-col-actions">{t('integrations.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((integration) => (
              <tr key={integration.id} data-testid="integration-row" data-integration-id={integration.id}>
                <td className="integrations-col-type">
                  <IntegrationTypeTag type={integration.type} />
                </td>
                <td className="integrations-col-id">{integration.id}</td>
                <td data-testid="integration-row-name">{integration.name}</td>
                <td>
                  <BotHealthTag health={integration.health} />
                </td>
                <td className="integrations-col-actions">
                  <Button variant="minimal" icon="edit" aria-label={t('integrations.edit')} title={t('integrations.edit')} onClick={() => onEdit(integration)} data-testid="integration-edit" />
                  <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={t('integrations.delete')} title={t('integrations.delete')} onClick={() => onDelete(integration)} data-testid="integration-delete" />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {loading && <Spinner size={24} className="integrations-spinner" />}
    </div>
  );
}
