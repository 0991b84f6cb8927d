import type { QueueRef, WhatsappDetails } from '@atendo/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorDialog } from '../../ui/EditorDialog';
import { toastError } from '../../ui/toaster';
import { useOpenedRecord } from '../../ui/useOpenedRecord';
import { ConnectionForm } from './ConnectionForm';
import type { NamedRecord } from '../../api/lookups';
import { connectionsApi, type Connection } from './connectionsApi';

interface ConnectionDialogProps {
  isOpen: boolean;
  /** The connection to edit; none to add one. */
  connection?: Connection;
  onClose(): void;
  onSaved(saved: WhatsappDetails): void;
}

/**
 * Adds or edits a connection (POST /whatsapp, PUT /whatsapp/{id}). It reads the company's queues, prompts and
 * integrations, and on edit the connection with its API token, before showing the form.
 */
export function ConnectionDialog({ isOpen, connection, onClose, onSaved }: ConnectionDialogProps) {
  const { t } = useTranslation();
  const editing = connection !== undefined;
  const [queues, setQueues] = useState<QueueRef[]>([]);
  const [prompts, setPrompts] = useState<NamedRecord[]>([]);
  const [integrations, setIntegrations] = useState<NamedRecord[]>([]);

  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    connectionsApi.queues().then((list) => live && setQueues(list ?? []), toastError);
    connectionsApi.prompts().then((list) => live && setPrompts(list));
    connectionsApi.integrations().then((list) => live && setIntegrations(list));
    return () => {
      live = false;
    };
  }, [isOpen]);
  const read = useOpenedRecord(connection?.id, connectionsApi.details, { open: isOpen, onFailure: onClose });
  const details = read === 'failed' ? undefined : read;

  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={editing}
      title={editing ? t('connections.dialog.editTitle') : t('connections.dialog.addTitle')}
      className="connection-dialog"
      ready={!editing || details !== undefined}
      loadingLabel={t('connections.dialog.loading')}
    >
      {(onDirty) => <ConnectionForm connection={details} queues={queues} prompts={prompts} integrations={integrations} onSaved={onSaved} onCancel={onClose} onDirty={onDirty} />}
    </EditorDialog>
  );
}
