import type { Queue } from '@atendo/contracts';
import { Button, Classes, H3, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useCan } from '../../app/useCan';
import { QueueDialog } from './QueueDialog';
import { QueueRow } from './QueueRow';
import { queuesApi } from './queuesApi';
import { useQueueList } from './useQueueList';
import './queues.css';

/** The edit dialog's queue (none: a new one); `key` gives each opening a fresh form. */
interface DialogState {
  isOpen: boolean;
  queue?: Queue;
  key: number;
}

/** The queues table with its add, edit and delete dialogs, kept live by the `queue` feed. */
export function QueuesManager() {
  const { t } = useTranslation();
  const manage = useCan()('queues:manage');
  const { queues, loading, reload } = useQueueList();
  const [dialog, setDialog] = useState<DialogState>();
  const [deleting, setDeleting] = useState<Queue>();
  const open = (queue?: Queue) => setDialog((d) => ({ isOpen: true, queue, key: (d?.key ?? 0) + 1 }));

  const remove = async () => {
    if (!deleting) return;
    await queuesApi.remove(deleting.id);
    toastSuccess(t('queues.deleted'));
    reload();
  };
  const columns = [
    t('queues.columns.id'),
    t('queues.columns.name'),
    t('queues.columns.color'),
    t('queues.columns.orderQueue'),
    t('queues.columns.greetingMessage'),
    ...(manage ? [t('queues.columns.actions')] : []),
  ];

  return (
    <div className="shell-page queues-root" data-testid="page">
      <div className="queues-page">
        <div className="queues-header">
          <H3>
            {t('queues.title')}{' '}
            <Tag minimal round data-testid="queues-count">
              {t('queues.count', { count: queues.length })}
            </Tag>
          </H3>
          {manage ? (
            <Button intent={Intent.PRIMARY} icon="add" text={t('queues.add')} onClick={() => open()} data-testid="queues-add" />
          ) : (
            <span className={Classes.TEXT_MUTED} data-testid="queues-read-only">
              {t('queues.readOnly')}
            </span>
          )}
        </div>
        <div className="queues-table-scroll" data-testid="queues-scroll">
          <HTMLTable striped className="queues-table" data-testid="queues-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {queues.map((queue) => (
                <QueueRow key={queue.id} queue={queue} showActions={manage} onEdit={open} onDelete={setDeleting} />
              ))}
            </tbody>
          </HTMLTable>
          {queues.length === 0 && !loading && <NonIdealState icon="layers" description={t('queues.empty')} />}
          {loading && queues.length === 0 && (
            <div className="queues-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
      {dialog && (
        <QueueDialog
          key={dialog.key}
          isOpen={dialog.isOpen}
          queue={dialog.queue}
          onClose={() => setDialog({ ...dialog, isOpen: false })}
          onSaved={() => {
            reload();
            setDialog({ ...dialog, isOpen: false });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('queues.confirmDelete.title')}
        confirmText={t('queues.confirmDelete.confirm')}
        cancelText={t('queues.confirmDelete.cancel')}
        onConfirm={remove}
        onClose={() => setDeleting(undefined)}
        testId="queue-delete-confirm"
      >
        <p>{t('queues.confirmDelete.message', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
