import type { SessionStatus, Whatsapp, WhatsappDetails } from '@atendo/contracts';
import { Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
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
  const page = useListPage<Connection>();
  const saved = ({ token: _token, ...connection }: WhatsappDetails) => {
    dispatch({ type: 'update', connection });
    page.close();
  };
  const [disconnecting, setDisconnecting] = useState<Connection>();

  const remove = async (connection: Connection) => {
    await connectionsApi.remove(connection.id);
    dispatch({ type: 'delete', id: connection.id });
  };
  const newQrCode = async (connection: Connection) => {
    await connectionsApi.renewQrCode(connection.id);
    // The new code comes over the feed: the dialog waits for it.
    setQrId(connection.id);
  };
  const columns = [
    { label: t('connections.columns.name') },
    { label: t('connections.columns.status') },
    ...(showSession ? [{ label: t('connections.columns.session') }] : []),
    { label: t('connections.columns.updatedAt') },
    { label: t('connections.columns.isDefault') },
    ...(showEdit ? [{ label: t('connections.columns.actions'), className: 'list-page-actions' }] : []),
  ];

  const removal: RemoveWording = { title: t('connections.confirmDelete.title'), confirm: t('connections.confirmDelete.confirm'), cancel: t('connections.confirmDelete.cancel'), done: t('connections.deleted') };
  return (
    <ListPage
      title={t('connections.title')}
      count={{ text: t('connections.count', { count: connections.length }), testId: 'connections-count' }}
      add={can('connections-page:addConnection') ? { text: t('connections.add'), onClick: () => page.open(), testId: 'connections-add' } : undefined}
    >
      <PagedList items={connections} loading={loading} empty={{ icon: 'mobile-phone', text: t('connections.empty') }} testId="connections-scroll">
        <ListTable columns={columns} className="connections-table" testId="connections-table">
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
              onEdit={page.open}
              onDelete={page.askDelete}
            />
          ))}
        </ListTable>
      </PagedList>
      <QrCodeDialog connection={connections.find((c) => c.id === qrId)} onClose={() => setQrId(undefined)} />
      {page.dialog && <ConnectionDialog key={page.dialog.key} isOpen={page.dialog.isOpen} connection={page.dialog.editing} onClose={page.close} onSaved={saved} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={remove} onClose={page.stopDeleting} testId="connection-delete-confirm">
        <p>{t('connections.confirmDelete.message', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
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
    </ListPage>
  );
}
