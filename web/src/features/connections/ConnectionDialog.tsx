import type { QueueRef, WhatsappDetails } from '@atendo/contracts';
import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [dirty, setDirty] = useState(false);

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

  const ready = !editing || details !== undefined;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? t('connections.dialog.editTitle') : t('connections.dialog.addTitle')}
      icon={editing ? 'edit' : 'add'}
      className="connection-dialog"
      canOutsideClickClose={!dirty}
    >
      {ready ? (
        <ConnectionForm connection={details} queues={queues} prompts={prompts} integrations={integrations} onSaved={onSaved} onCancel={onClose} onDirty={setDirty} />
      ) : (
        <DialogBody>
          <div className="connection-dialog-loading" aria-label={t('connections.dialog.loading')} data-testid="connection-dialog-loading">
            <Spinner size={32} />
          </div>
        </DialogBody>
      )}
    </Dialog>
  );
}
