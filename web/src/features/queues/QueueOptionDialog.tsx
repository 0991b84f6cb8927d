import { queueOptionChangesSchema, queueOptionSchema, type QueueOption } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { toastError, toastSuccess } from '../../ui/toaster';
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

  const formik = useFormik<Values>({
    initialValues: { title: editing?.title ?? '', message: editing?.message ?? '' },
    validate: editing ? validateWith<Values>(queueOptionChangesSchema, { prepare: toChanges, describe }) : validateWith<Values>(queueOptionSchema, { prepare: toNew, describe }),
    onSubmit: async (values, helpers) => {
      try {
        if (editing) await queuesApi.updateOption(editing.id, toChanges(values));
        else await queuesApi.createOption(toNew(values));
        toastSuccess(t('queues.options.saved'));
        onSaved();
      } catch (error) {
        const fieldErrors = serverFieldErrors<Values>(error, { describe });
        if (Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
        else toastError(error);
      }
    },
  });
  const errorOf = (field: keyof Values) => (formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined);
  const messageError = errorOf('message');
  let title = t('queues.options.dialog.addTitle');
  if (editing) title = t('queues.options.dialog.editTitle');
  else if (parent) title = t('queues.options.dialog.addChildTitle', { label: label(parent) });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon={editing ? 'edit' : 'add'} className="queue-option-dialog" canOutsideClickClose={!formik.dirty}>
      {/* A child of the queue's form in React's tree, though drawn in a portal: formik's submit stops there. */}
      <form onSubmit={formik.handleSubmit} noValidate data-testid="queue-option-form">
        <DialogBody>
          <TextField id="queue-option-title" label={t('queues.options.dialog.title')} error={errorOf('title')} autoFocus autoComplete="off" {...formik.getFieldProps('title')} />
          <FormGroup label={t('queues.options.dialog.message')} labelFor="queue-option-message" helperText={messageError} intent={messageError ? Intent.DANGER : Intent.NONE}>
            <TextArea
              id="queue-option-message"
              data-testid="queue-option-message"
              {...formik.getFieldProps('message')}
              intent={messageError ? Intent.DANGER : Intent.NONE}
              aria-invalid={messageError ? true : undefined}
              rows={4}
              fill
              autoResize
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('queues.options.dialog.cancel')} onClick={onClose} data-testid="queue-option-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('queues.options.dialog.save')} loading={formik.isSubmitting} data-testid="queue-option-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
