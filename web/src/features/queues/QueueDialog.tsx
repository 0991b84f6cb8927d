import type { Queue } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { EditorDialog } from '../../ui/EditorDialog';
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

  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={editing}
      title={editing ? t('queues.dialog.editTitle') : t('queues.dialog.addTitle')}
      className="queue-dialog"
      ready={!editing || details !== undefined}
      loadingLabel={t('queues.dialog.loading')}
    >
      {(onDirty) => <QueueForm queue={details} onSaved={onSaved} onCancel={onClose} onDirty={onDirty} />}
    </EditorDialog>
  );
}
