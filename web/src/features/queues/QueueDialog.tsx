import type { Queue } from '@atendo/contracts';
import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedRecord } from '../../ui/useOpenedRecord';
import { QueueForm } from './QueueForm';
import { queuesApi } from './queuesApi';

interface QueueDialogProps {
  isOpen: boolean;
  /** The queue to edit; none to add one. */
  queue?: Queue;
  onClose(): void;
  onSaved(saved: Queue): void;
}

/** Adds or edits a queue (POST /queue, PUT /queue/{id}); on edit it reads the queue first (GET /queue/{id}). */
export function QueueDialog({ isOpen, queue, onClose, onSaved }: QueueDialogProps) {
  const { t } = useTranslation();
  const editing = queue !== undefined;
  const read = useOpenedRecord(queue?.id, queuesApi.get, { open: isOpen, onFailure: onClose });
  const details = read === 'failed' ? undefined : read;
  const [dirty, setDirty] = useState(false);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? t('queues.dialog.editTitle') : t('queues.dialog.addTitle')}
      icon={editing ? 'edit' : 'add'}
      className="queue-dialog"
      canOutsideClickClose={!dirty}
    >
      {!editing || details ? (
        <QueueForm queue={details} onSaved={onSaved} onCancel={onClose} onDirty={setDirty} />
      ) : (
        <DialogBody>
          <div className="queue-dialog-loading" aria-label={t('queues.dialog.loading')} data-testid="queue-dialog-loading">
            <Spinner size={32} />
          </div>
        </DialogBody>
      )}
    </Dialog>
  );
}
