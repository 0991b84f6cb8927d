import type { Queue } from '@atendo/contracts';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { useCan } from '../../app/useCan';
import { QueueDialog } from './QueueDialog';
import { QueueRow } from './QueueRow';
import { queuesApi } from './queuesApi';
import { useQueueList } from './useQueueList';
import './queues.css';

/** The queues table with its add, edit and delete dialogs, kept live by the `queue` feed. */
export function QueuesManager() {
  const { t } = useTranslation();
  const manage = useCan()('queues:manage');
  const { queues, loading, reload } = useQueueList();
  const page = useListPage<Queue>();

  const remove = async (queue: Queue) => {
    await queuesApi.remove(queue.id);
    reload();
  };
  const saved = () => {
    reload();
    page.close();
  };
  const columns = [
    { label: t('queues.columns.id') },
    { label: t('queues.columns.name') },
    { label: t('queues.columns.color') },
    { label: t('queues.columns.orderQueue') },
    { label: t('queues.columns.greetingMessage') },
    ...(manage ? [{ label: t('queues.columns.actions'), className: 'list-page-actions' }] : []),
  ];

  const removal: RemoveWording = { title: t('queues.confirmDelete.title'), confirm: t('queues.confirmDelete.confirm'), cancel: t('queues.confirmDelete.cancel'), done: t('queues.deleted') };
  return (
    <ListPage
      title={t('queues.title')}
      count={{ text: t('queues.count', { count: queues.length }), testId: 'queues-count' }}
      tools={
        !manage && (
          <span className={Classes.TEXT_MUTED} data-testid="queues-read-only">
            {t('queues.readOnly')}
          </span>
        )
      }
      add={manage ? { text: t('queues.add'), onClick: () => page.open(), testId: 'queues-add' } : undefined}
    >
      <PagedList items={queues} loading={loading && queues.length === 0} empty={{ icon: 'layers', text: t('queues.empty') }} testId="queues-scroll">
        <ListTable columns={columns} className="queues-table" testId="queues-table">
          {queues.map((queue) => (
            <QueueRow key={queue.id} queue={queue} showActions={manage} onEdit={page.open} onDelete={page.askDelete} />
          ))}
        </ListTable>
      </PagedList>
      {page.dialog && <QueueDialog key={page.dialog.key} isOpen={page.dialog.isOpen} queue={page.dialog.editing} onClose={page.close} onSaved={saved} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={remove} onClose={page.stopDeleting} testId="queue-delete-confirm">
        <p>{t('queues.confirmDelete.message', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
