import { Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';
import { GovernorHoldTag } from '../../ui/GovernorHold';
import type { GovernorHold } from '../../ui/useSendGovernorHolds';
import type { Connection } from './connectionsApi';
import { ConnectionStatus } from './ConnectionStatus';
import { formatLastUpdate } from './lastUpdate';
import { SessionActions } from './SessionActions';

interface ConnectionRowProps {
  connection: Connection;
  /** The send governor's hold on its sends, if any (issue 14). */
  governorHold?: GovernorHold;
  /** Spec §6: the session column (actionButtons) and the edit and delete buttons (editOrDeleteConnection). */
  showSession: boolean;
  showEdit: boolean;
  onTryAgain(connection: Connection): Promise<unknown>;
  onNewQrCode(connection: Connection): Promise<unknown>;
  onShowQrCode(connection: Connection): void;
  onDisconnect(connection: Connection): void;
  onEdit(connection: Connection): void;
  onDelete(connection: Connection): void;
}

/** One connection of the table: name and channel, status, session buttons, last update, default flag, edit, delete. */
export function ConnectionRow({ connection, governorHold, showSession, showEdit, onEdit, onDelete, ...session }: ConnectionRowProps) {
  const { t } = useTranslation();
  return (
    <tr data-testid="connection-row" data-connection-id={connection.id}>
      <td>
        <span className="connection-name">
          <strong>{connection.name}</strong>
          {connection.channel === 'simulator' && (
            <Tag minimal intent={Intent.PRIMARY} icon="lab-test" title={t('connections.simulatorHint')} data-testid="connection-simulator">
              {t('connections.simulator')}
            </Tag>
          )}
          {governorHold && <GovernorHoldTag hold={governorHold} />}
        </span>
      </td>
      <td>
        <ConnectionStatus connection={connection} />
      </td>
      {showSession && (
        <td className="connection-session" data-testid="connection-session">
          <SessionActions connection={connection} {...session} />
        </td>
      )}
      <td className={Classes.TEXT_MUTED} data-testid="connection-updated">
        {formatLastUpdate(connection.updatedAt)}
      </td>
      <td className="connection-default">
        {connection.isDefault && <Icon icon="star" intent={Intent.WARNING} title={t('connections.isDefault')} aria-label={t('connections.isDefault')} data-testid="connection-default" />}
      </td>
      {showEdit && (
        <td className="list-page-actions">
          <EditDeleteButtons
            editLabel={t('connections.edit', { name: connection.name })}
            deleteLabel={t('connections.delete', { name: connection.name })}
            onEdit={() => onEdit(connection)}
            onDelete={() => onDelete(connection)}
            testIdPrefix="connection"
          />
        </td>
      )}
    </tr>
  );
}
