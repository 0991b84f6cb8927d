import { Button, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../ui/toaster';
import type { Connection } from './connectionsApi';

interface SessionActionsProps {
  connection: Connection;
  onTryAgain(connection: Connection): Promise<unknown>;
  onNewQrCode(connection: Connection): Promise<unknown>;
  onShowQrCode(connection: Connection): void;
  onDisconnect(connection: Connection): void;
}

/**
 * The session's buttons by status (spec §4): disconnected offers try again and a new QR code, qrcode shows the code,
 * OPENING spins on a disabled button, and connected, pairing or timed out offer disconnect.
 */
export function SessionActions({ connection, onTryAgain, onNewQrCode, onShowQrCode, onDisconnect }: SessionActionsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'tryAgain' | 'newQrCode'>();
  const run = (which: 'tryAgain' | 'newQrCode', action: (c: Connection) => Promise<unknown>) => () => {
    setBusy(which);
    action(connection)
      .catch(toastError)
      .finally(() => setBusy(undefined));
  };

  switch (connection.status) {
    case 'DISCONNECTED':
      return (
        <span className="connection-session-actions">
          <Button size="small" icon="refresh" text={t('connections.session.tryAgain')} loading={busy === 'tryAgain'} disabled={busy !== undefined} onClick={run('tryAgain', onTryAgain)} data-testid="session-try-again" />
          <Button size="small" icon="mobile-phone" text={t('connections.session.newQrCode')} loading={busy === 'newQrCode'} disabled={busy !== undefined} onClick={run('newQrCode', onNewQrCode)} data-testid="session-new-qr" />
        </span>
      );
    case 'qrcode':
      return <Button size="small" intent={Intent.PRIMARY} icon="mobile-phone" text={t('connections.session.showQrCode')} onClick={() => onShowQrCode(connection)} data-testid="session-show-qr" />;
    case 'OPENING':
      return <Button size="small" disabled icon={<Spinner size={14} />} text={t('connections.session.connecting')} data-testid="session-connecting" />;
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return <Button size="small" intent={Intent.DANGER} variant="outlined" icon="offline" text={t('connections.session.disconnect')} onClick={() => onDisconnect(connection)} data-testid="session-disconnect" />;
    default: {
      const unknown: never = connection.status;
      return unknown;
    }
  }
}
