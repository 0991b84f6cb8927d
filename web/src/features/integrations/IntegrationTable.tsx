import type { QueueIntegration } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../ui/listPage/ListTable';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';
import { BotHealthTag } from './BotHealthTag';
import { IntegrationTypeTag } from './IntegrationTypeTag';

interface IntegrationTableProps {
  records: QueueIntegration[];
  onEdit(integration: QueueIntegration): void;
  onDelete(integration: QueueIntegration): void;
}

/** The integrations (spec: type logo, id, name, actions) and their health. */
export function IntegrationTable({ records, onEdit, onDelete }: IntegrationTableProps) {
  const { t } = useTranslation();
  const columns = [
    { label: t('integrations.columns.type'), className: 'integrations-col-type' },
    { label: t('integrations.columns.id'), className: 'integrations-col-id' },
    { label: t('integrations.columns.name') },
    { label: t('integrations.columns.health') },
    { label: t('integrations.columns.actions'), className: 'list-page-actions' },
  ];
  return (
    <ListTable columns={columns} testId="integrations-table">
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
          <td className="list-page-actions">
            <EditDeleteButtons
              editLabel={t('integrations.edit')}
              deleteLabel={t('integrations.delete')}
              onEdit={() => onEdit(integration)}
              onDelete={() => onDelete(integration)}
              testIdPrefix="integration"
            />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
