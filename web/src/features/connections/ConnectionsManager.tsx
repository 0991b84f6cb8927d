import type { SessionStatus, Whatsapp } from '@atendo/contracts';
import { Button, H3, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useCan } from '../../app/useCan';
import { useSendGovernorHolds } from '../../ui/useSendGovernorHolds';
import { ConnectionDialog } from './ConnectionDialog';
import { ConnectionRow } from './ConnectionRow';
import { connectionsApi, type Connection } from './connectionsApi';
import { QrCodeDialog } from './QrCodeDialog';
import { useConnectionList } from './useConnectionList';
import './connections.css';

/** While the session opens or pairs it has no QR code yet or any more: the QR dialog waits with a spinner. */
const QR_WAITING: readonly SessionStatus[] = ['OPENING', 'PAIRING'];

/** The edit dialog's connection (none: a new one); `key` gives each opening a fresh form. */
interface DialogState {
  isOpen: boolean;
  connection?: Connection;
  key: number;
}

/** The connections table (spec §2) with its session buttons, QR code, edit and delete dialogs, kept live by the feed. */
export function ConnectionsManager() {
  const { t } = useTranslation();
  const can = useCan();
  const showSession = can('connections-page:actionButtons');
  const showEdit = can('connections-page:editOrDeleteConnection');
  const [qrId, setQrId] = useState<number>();
  // Issue 14: when and why the send governor holds a connection's campaign and API sends back.
  const holds = useSendGovernorHolds();
  // Spec §4: the QR dialog closes when a live update clears the code (scanned, or the session gave up).
  const { connections, loading, dispatch } = useConnectionList((live: Whatsapp) => {
    if (live.id === qrId && live.qrcode === '' && !QR_WAITING.includes(live.status)) setQrId(undefined);
  });
  const [dialog, setDialog] = useState<DialogState>();
  const [deleting, setDeleting] = useState<Connection>();
  const [disconnecting, setDisconnecting] = useState<Connection>();
  const open = (connection?: Connection) => setDialog((d) => ({ isOpen: true, connection, key: (d?.key ?? 0) + 1 }));

  const remove = async () => {
    if (!deleting) return;
    await connectionsApi.remove(deleting.id);
    toastSuccess(t('connections.deleted'));
    dispatch({ type: 'delete', id: deleting.id });
  };
  const newQrCode = async (connection: Connection) => {
    await connectionsApi.renewQrCode(connection.id);
    // The new code comes over the feed: the dialog waits for it.
    setQrId(connection.id);
  };
  const columns = [
    t('connections.columns.name'),
    t('connections.columns.status'),
    ...(showSession ? [t('connections.columns.session')] : []),
    t('connections.columns.updatedAt'),
    t('connections.columns.isDefault'),
    ...(showEdit ? [t('connections.columns.actions')] : []),
  ];

  return (
    <div className="shell-page connections-root" data-testid="page">
      <div className="connections-page">
        <div className="connections-header">
          <H3>
            {t('connections.title')}{' '}
            <Tag minimal round data-testid="connections-count">
              {t('connections.count', { count: connections.length })}
            </Tag>
          </H3>
          {can('connections-page:addConnection') && <Button intent={Intent.PRIMARY} icon="add" text={t('connections.add')} onClick={() => open()} data-testid="connections-add" />}
        </div>
        <div className="connections-table-scroll" data-testid="connections-scroll">
          <HTMLTable striped className="connections-table" data-testid="connections-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {connections.map((connection) => (
                <ConnectionRow
                  key={connection.id}
                  connection={connection}
                  governorHold={holds.get(connection.id)}
                  showSession={showSession}
                  showEdit={showEdit}
                  onTryAgain={(c) => connectionsApi.startSession(c.id)}
                  onNewQrCode={newQrCode}
                  onShowQrCode={(c) => setQrId(c.id)}
                  onDisconnect={setDisconnecting}
                  onEdit={open}
                  onDelete={setDeleting}
                />
              ))}
            </tbody>
          </HTMLTable>
          {connections.length === 0 && !loading && <NonIdealState icon="mobile-phone" description={t('connections.empty')} />}
          {loading && (
            <div className="connections-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
      <QrCodeDialog connection={connections.find((c) => c.id === qrId)} onClose={() => setQrId(undefined)} />
      {dialog && (
        <ConnectionDialog
          key={dialog.key}
          isOpen={dialog.isOpen}
          connection={dialog.connection}
          onClose={() => setDialog({ ...dialog, isOpen: false })}
          onSaved={({ token: _token, ...saved }) => {
            dispatch({ type: 'update', connection: saved });
            setDialog({ ...dialog, isOpen: false });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('connections.confirmDelete.title')}
        confirmText={t('connections.confirmDelete.confirm')}
        cancelText={t('connections.confirmDelete.cancel')}
        onConfirm={remove}
        onClose={() => setDeleting(undefined)}
        testId="connection-delete-confirm"
      >
        <p>{t('connections.confirmDelete.message', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={disconnecting !== undefined}
        title={t('connections.confirmDisconnect.title')}
        confirmText={t('connections.confirmDisconnect.confirm')}
        cancelText={t('connections.confirmDisconnect.cancel')}
        onConfirm={() => connectionsApi.disconnect(disconnecting!.id)}
        onClose={() => setDisconnecting(undefined)}
        testId="connection-disconnect-confirm"
        icon="offline"
        intent={Intent.WARNING}
      >
        <p>{t('connections.confirmDisconnect.message', { name: disconnecting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
