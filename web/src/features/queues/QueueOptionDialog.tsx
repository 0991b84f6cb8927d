import { queueOptionChangesSchema, queueOptionSchema, type QueueOption } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { queuesApi } from './queuesApi';

/** What the dialog does: add an option at the top level or under `parent`, or edit `option`. */
export type OptionEdit = { mode: 'add'; parent?: QueueOption } | { mode: 'edit'; option: QueueOption };

interface QueueOptionDialogProps {
  queueId: number;
  isOpen: boolean;
  edit: OptionEdit;
  onClose(): void;
  onSaved(): void;
}

interface Values {
  title: string;
  message: string;
}

/** Adds an option to a queue's menu (POST /queue-options; the server gives it the next number) or edits its text. */
export function QueueOptionDialog({ queueId, isOpen, edit, onClose, onSaved }: QueueOptionDialogProps) {
  const { t } = useTranslation();
  const editing = edit.mode === 'edit' ? edit.option : undefined;
  const parent = edit.mode === 'add' ? edit.parent : undefined;
  const label = (option: QueueOption) => t('queues.options.label', { option: option.option, title: option.title });
  const describe = (field: string, message: string) => (field === 'title' || field === 'message' ? t('queues.fieldError', { field: t(`queues.options.dialog.${field}`), message }) : message);
  const toNew = (values: Values) => ({ queueId, parentId: parent?.id ?? null, title: values.title.trim(), message: values.message });
  const toChanges = (values: Values) => ({ title: values.title.trim(), message: values.message });

  const { formik, errorOf } = useRecordForm<Values, QueueOption>({
    initialValues: { title: editing?.title ?? '', message: editing?.message ?? '' },
    validate: editing ? validateWith<Values>(queueOptionChangesSchema, { prepare: toChanges, describe }) : validateWith<Values>(queueOptionSchema, { prepare: toNew, describe }),
    save: (values) => (editing ? queuesApi.updateOption(editing.id, toChanges(values)) : queuesApi.createOption(toNew(values))),
    savedText: t('queues.options.saved'),
    onSaved,
    refusal: { describe },
  });
  let title = t('queues.options.dialog.addTitle');
  if (editing) title = t('queues.options.dialog.editTitle');
  else if (parent) title = t('queues.options.dialog.addChildTitle', { label: label(parent) });

  return (
    // A child of the queue's form in React's tree, though drawn in a portal: the dialog's own form stops formik's submit.
    <FormDialog
      form={formik}
      isOpen={isOpen}
      onClose={onClose}
      whileSaving="open"
      title={title}
      icon={editing ? 'edit' : 'add'}
      className="queue-option-dialog"
      canOutsideClickClose={!formik.dirty}
      testIds={{ form: 'queue-option-form', cancel: 'queue-option-cancel', submit: 'queue-option-save' }}
      cancelText={t('queues.options.dialog.cancel')}
      saveText={t('queues.options.dialog.save')}
    >
      <TextField id="queue-option-title" label={t('queues.options.dialog.title')} error={errorOf('title')} autoFocus autoComplete="off" {...formik.getFieldProps('title')} />
      <TextAreaField id="queue-option-message" label={t('queues.options.dialog.message')} error={errorOf('message')} rows={4} {...formik.getFieldProps('message')} />
    </FormDialog>
  );
}
