import { fileListSchema, FILE_LIST_OPTIONS_MAX, type FileListSummary, type FileListView } from '@atendo/contracts';
import { Button, Callout, Dialog, DialogBody, H5, Intent, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { getIn } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { DialogForm } from '../../ui/DialogForm';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { errorMessage, toastError } from '../../ui/toaster';
import { useOpenedRecord } from '../../ui/useOpenedRecord';
import { useRecordForm } from '../../ui/useRecordForm';
import { mediaRefusal } from '../../ui/mediaFiles';
import { bodyOf, formValuesOf, newRowKey, rowsAfterSave, summaryOf, type FileListFormValues, type OptionRow } from './fileListForm';
import { FileOptionRow, type UploadStatus } from './FileOptionRow';
import { filesApi } from './filesApi';

interface FileListDialogProps {
  /** The list to change; none to add one. */
  editingId: number | undefined;
  onSaved(list: FileListSummary): void;
  onClose(): void;
}

/** The file-list modal: loads the list being changed, then its form. */
export function FileListDialog({ editingId, onSaved, onClose }: FileListDialogProps) {
  const { t } = useTranslation();
  const loaded = useOpenedRecord(editingId, filesApi.one);
  // Not closed while it saves and sends the files.
  const [busy, setBusy] = useState(false);
  const title = editingId === undefined ? t('files.form.addTitle') : t('files.form.editTitle');
  const waiting = editingId !== undefined && loaded === undefined;
  return (
    <Dialog isOpen onClose={busy ? undefined : onClose} title={title} icon="folder-open" className="file-list-dialog">
      {waiting && (
        <DialogBody>
          <Spinner size={32} />
        </DialogBody>
      )}
      {loaded === 'failed' && (
        <DialogBody>
          <NonIdealState icon="error" description={t('files.form.loadFailed')} />
        </DialogBody>
      )}
      {!waiting && loaded !== 'failed' && <FileListForm editing={loaded} onSaved={onSaved} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

interface FileListFormProps {
  editing: FileListView | undefined;
  onSaved(list: FileListSummary): void;
  onClose(): void;
  onBusy(busy: boolean): void;
}

/**
 * Name, message and options, checked by the contracts' rules; on save the list first (its options get their ids),
 * then each chosen file to its option, one after the other with their progress. A refused file keeps the dialog open
 * with the reason under it; saving again sends what is still waiting.
 */
function FileListForm({ editing, onSaved, onClose, onBusy }: FileListFormProps) {
  const { t } = useTranslation();
  const [listId, setListId] = useState(editing?.id);
  const [statuses, setStatuses] = useState<Record<string, UploadStatus>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<{ done: number; sent: number; total: number }>();

  const { formik } = useRecordForm<FileListFormValues, FileListView>({
    initialValues: formValuesOf(editing),
    validate: validateWith<FileListFormValues>(fileListSchema, { prepare: bodyOf }),
    save: async (values, { resetForm }) => {
      let saved = listId === undefined ? await filesApi.create(bodyOf(values)) : await filesApi.update(listId, bodyOf(values));
      setListId(saved.id);
      onSaved(summaryOf(saved));
      let rows = rowsAfterSave(values.options, saved);
      const waiting = rows.filter((r) => r.file && r.id !== undefined);
      setFileErrors({});
      setProgress(waiting.length > 0 ? { done: 0, sent: 0, total: waiting.length } : undefined);
      let sent = 0;
      let refused = false;
      for (const [done, row] of waiting.entries()) {
        setStatuses((s) => ({ ...s, [row.key]: 'uploading' }));
        try {
          saved = await filesApi.uploadOptionFile(saved.id, row.id!, row.file!);
          const option = saved.options.find((o) => o.id === row.id);
          rows = rows.map((r) => (r.key === row.key ? { ...r, file: undefined, saved: option } : r));
          setStatuses((s) => ({ ...s, [row.key]: 'done' }));
          sent += 1;
        } catch (error) {
          refused = true;
          setStatuses(({ [row.key]: _gone, ...rest }) => rest);
          setFileErrors((e) => ({ ...e, [row.key]: mediaRefusal(error) ?? errorMessage(error) }));
        }
        setProgress({ done: done + 1, sent, total: waiting.length });
      }
      resetForm({ values: { name: saved.name, message: saved.message, options: rows } });
      if (waiting.length > 0) onSaved(summaryOf(saved));
      if (refused) {
        toastError(new Error(t('files.form.someFilesRefused')));
        return undefined;
      }
      return saved;
    },
    savedText: t('files.saved'),
    onDone: onClose,
    // What the user typed stays; the refused fields say why.
    refusal: { show: 'fields and toast' },
  });

  const errorOf = (path: string): string | undefined => {
    const error = getIn(formik.errors, path) as unknown;
    const shown = getIn(formik.touched, path) || formik.submitCount > 0;
    return shown && typeof error === 'string' ? error : undefined;
  };
  const described = (path: string, label: string) => {
    const error = errorOf(path);
    return error ? `${label} ${error}` : undefined;
  };
  const options = formik.values.options;
  const setRow = (key: string, change: Partial<OptionRow>) =>
    void formik.setFieldValue(
      'options',
      options.map((r) => (r.key === key ? { ...r, ...change } : r)),
    );
  const busy = formik.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const optionsError = typeof formik.errors.options === 'string' && formik.submitCount > 0 ? formik.errors.options : undefined;

  return (
    <DialogForm
      form={formik}
      onCancel={onClose}
      cancelWaits
      testIds={{ form: 'file-list-form', cancel: 'file-list-cancel', submit: 'file-list-submit' }}
      cancelText={t('files.form.cancel')}
      saveText={t('files.form.save')}
    >
      <TextField id="file-list-name" label={t('files.form.name')} error={described('name', t('files.form.name'))} disabled={busy} {...formik.getFieldProps('name')} autoFocus />
      <TextAreaField
        id="file-list-message"
        label={t('files.form.message')}
        error={described('message', t('files.form.message'))}
        helper={t('files.form.messageHint')}
        disabled={busy}
        rows={3}
        {...formik.getFieldProps('message')}
      />
      <div className="file-list-options-heading">
        <H5 className="file-list-options-title">{t('files.form.options')}</H5>
        <Button
          icon="add"
          text={t('files.form.addOption')}
          disabled={busy || options.length >= FILE_LIST_OPTIONS_MAX}
          onClick={() => void formik.setFieldValue('options', [...options, { key: newRowKey(), name: '' }])}
          data-testid="file-list-option-add"
        />
      </div>
      {optionsError && (
        <Callout intent={Intent.DANGER} compact>
          {optionsError}
        </Callout>
      )}
      {options.map((row, index) => (
        <FileOptionRow
          key={row.key}
          row={row}
          index={index}
          nameError={described(`options[${index}].name`, t('files.form.optionName'))}
          fileError={fileErrors[row.key]}
          status={statuses[row.key]}
          disabled={busy}
          onName={(name) => setRow(row.key, { name })}
          onBlur={() => void formik.setFieldTouched(`options[${index}].name`, true, false)}
          onFile={(file) => {
            setFileErrors(({ [row.key]: _gone, ...rest }) => rest);
            setRow(row.key, { file });
          }}
          onRemove={() =>
            void formik.setFieldValue(
              'options',
              options.filter((r) => r.key !== row.key),
            )
          }
        />
      ))}
      {options.length === 0 && <p className="file-list-no-options">{t('files.form.noOptions')}</p>}
      {progress && (
        <div className="file-list-progress" data-testid="file-list-progress">
          <div>{t('files.form.progress', { sent: progress.sent, total: progress.total })}</div>
          <ProgressBar value={progress.total === 0 ? 1 : progress.done / progress.total} intent={progress.sent < progress.done ? Intent.WARNING : progress.done === progress.total ? Intent.SUCCESS : Intent.PRIMARY} animate={busy} stripes={busy} />
        </div>
      )}
    </DialogForm>
  );
}
