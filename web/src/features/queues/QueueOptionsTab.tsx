import type { QueueOption } from '@atendo/contracts';
import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { LoadFailed } from '../../ui/LoadFailed';
import { toastSuccess } from '../../ui/toaster';
import { QueueOptionDialog, type OptionEdit } from './QueueOptionDialog';
import { QueueOptionTree } from './QueueOptionTree';
import { queuesApi } from './queuesApi';
import { useQueueOptions } from './useQueueOptions';

/** The option dialog's task; `key` gives each opening a fresh form. */
interface DialogState {
  isOpen: boolean;
  edit: OptionEdit;
  key: number;
}

/** The queue dialog's Options tab: the queue's chatbot menu as a tree, to add, edit and delete its options. */
export function QueueOptionsTab({ queueId }: { queueId: number }) {
  const { t } = useTranslation();
  const { options, failure, reload } = useQueueOptions(queueId);
  const [dialog, setDialog] = useState<DialogState>();
  const [deleting, setDeleting] = useState<QueueOption>();
  const open = (edit: OptionEdit) => setDialog((d) => ({ isOpen: true, edit, key: (d?.key ?? 0) + 1 }));
  const label = (option: QueueOption | undefined) => (option ? t('queues.options.label', { option: option.option, title: option.title }) : '');

  const remove = async (option: QueueOption) => {
    await queuesApi.removeOption(option.id);
    toastSuccess(t('queues.options.deleted'));
    reload();
  };

  let tree;
  if (failure && !options) {
    tree = <LoadFailed title={t('queues.options.loadFailed')} description={failure} retryText={t('queues.options.retry')} onRetry={reload} retryTestId="queue-options-retry" />;
  } else if (!options) {
    tree = <Spinner size={24} />;
  } else if (options.length === 0) {
    tree = <NonIdealState icon="diagram-tree" description={t('queues.options.empty')} />;
  } else {
    tree = <QueueOptionTree options={options} onAddChild={(parent) => open({ mode: 'add', parent })} onEdit={(option) => open({ mode: 'edit', option })} onDelete={setDeleting} />;
  }

  const removal: RemoveWording = { title: t('queues.options.confirmDelete.title'), confirm: t('queues.options.confirmDelete.confirm'), cancel: t('queues.options.confirmDelete.cancel') };
  return (
    <div className="queue-form-panel" data-testid="queue-options">
      <Callout intent="primary" icon="diagram-tree">
        {t('queues.options.intro')}
      </Callout>
      <div className="queue-options-tree-root" data-testid="queue-options-tree">
        {tree}
      </div>
      <div>
        <Button icon="add" text={t('queues.options.add')} onClick={() => open({ mode: 'add' })} disabled={!options} data-testid="queue-option-add" />
      </div>
      {dialog && (
        <QueueOptionDialog
          key={dialog.key}
          queueId={queueId}
          isOpen={dialog.isOpen}
          edit={dialog.edit}
          onClose={() => setDialog({ ...dialog, isOpen: false })}
          onSaved={() => {
            setDialog({ ...dialog, isOpen: false });
            reload();
          }}
        />
      )}
      <ConfirmRemove record={deleting} words={removal} onConfirm={remove} onClose={() => setDeleting(undefined)} testId="queue-option-delete-confirm">
        <p>{t('queues.options.confirmDelete.message', { label: label(deleting) })}</p>
      </ConfirmRemove>
    </div>
  );
}
