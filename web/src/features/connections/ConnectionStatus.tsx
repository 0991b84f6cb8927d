import type { SessionStatus } from '@atendo/contracts';
import { Classes, Intent, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Connection } from './connectionsApi';

const STATUS_ICONS: Record<SessionStatus, IconName> = {
  CONNECTED: 'tick-circle',
  DISCONNECTED: 'offline',
  qrcode: 'mobile-phone',
  OPENING: 'refresh',
  PAIRING: 'exchange',
  TIMEOUT: 'time',
};

/**
 * The session's status (spec §4: anything but connected looks offline), why it stopped when the server says, and
 * whether its sends are failing: a connection can be connected and still deliver nothing.
 */
export function ConnectionStatus({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const connected = connection.status === 'CONNECTED';
  return (
    <div className="connection-status" data-testid="connection-status" data-status={connection.status}>
      <span className="connection-status-tags">
        <Tag minimal={!connected} round intent={connected ? Intent.SUCCESS : Intent.NONE} icon={STATUS_ICONS[connection.status]} className={connected ? undefined : Classes.TEXT_MUTED}>
          {t(`connections.status.${connection.status}`)}
        </Tag>
        {connection.degraded && (
          <Tag round intent={Intent.WARNING} icon="warning-sign" title={t('connections.degradedHint')} data-testid="connection-degraded">
            {t('connections.degraded')}
          </Tag>
        )}
      </span>
      {connection.statusReason && (
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="connection-status-reason">
          {connection.statusReason}
        </span>
      )}
    </div>
  );
}
