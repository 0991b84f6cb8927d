import { quickMessageChangesSchema, quickMessageSchema, type QuickMessage } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, Icon, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, toastError, toastSuccess } from '../../ui/toaster';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { useAttachment } from '../../ui/useAttachment';
import { ACCEPTED_MEDIA, mediaRefusal } from '../../ui/mediaFiles';
import { quickMessagesApi, type QuickMessageValues } from './quickMessagesApi';

const FIELDS = ['shortcode', 'message', 'geral'] as const;

interface QuickMessageDialogProps {
  isOpen: boolean;
  /** Admins keep the company's general quick messages: only they see the switch. */
  admin: boolean;
  /** The quick message to change; none to add one. */
  editing: QuickMessage | undefined;
  onSaved(quickMessage: QuickMessage): void;
  onClose(): void;
}

const valuesOf = (q: QuickMessage | undefined): QuickMessageValues => ({ shortcode: q?.shortcode ?? '', message: q?.message ?? '', geral: q?.geral ?? false });

function changesOf(values: QuickMessageValues, saved: QuickMessage): Partial<QuickMessageValues> {
  const cast = quickMessageChangesSchema.cast(values) as QuickMessageValues;
  return Object.fromEntries(FIELDS.filter((f) => cast[f] !== saved[f]).map((f) => [f, cast[f]]));
}

/**
 * Adds or changes a quick message (shortcode, text and, for admins, whether the whole company uses it) with the
 * contracts' rules, then sends its file, if one was chosen, to the media-upload route; a file already there can be removed.
 */
export function QuickMessageDialog({ isOpen, admin, editing, onSaved, onClose }: QuickMessageDialogProps) {
  const { t } = useTranslation();
  const { record, file, setFile, fileError, setFileError, removing, attach, removeFile } = useAttachment(editing, { upload: quickMessagesApi.uploadFile, remove: quickMessagesApi.removeFile }, onSaved);

  const formik = useFormik<QuickMessageValues>({
    initialValues: valuesOf(editing),
    validate: validateWith<QuickMessageValues>(quickMessageSchema),
    onSubmit: async (values, { setErrors, resetForm }) => {
      // Someone else's switch is not theirs to send.
      const sent = admin ? values : { ...values, geral: record?.geral ?? false };
      let saved: QuickMessage;
      try {
        if (record) {
          const changes = changesOf(sent, record);
          saved = Object.keys(changes).length > 0 ? await quickMessagesApi.update(record.id, changes) : record;
        } else {
          saved = await quickMessagesApi.create(quickMessageSchema.cast(sent) as QuickMessageValues);
        }
      } catch (error) {
        // What the user typed stays; the refused fields say why.
        setErrors(serverFieldErrors(error) as Partial<Record<keyof QuickMessageValues, string>>);
        toastError(error);
        return;
      }
      resetForm({ values: valuesOf(saved) });
      if (!(await attach(saved, (error) => mediaRefusal(error) ?? errorMessage(error)))) return;
      toastSuccess(t('quickMessages.saved'));
      onClose();
    },
  });


  const errorOf = (name: keyof QuickMessageValues) => (formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined);
  const described = (name: keyof QuickMessageValues, label: string) => {
    const error = errorOf(name);
    return error ? `${label} ${error}` : undefined;
  };
  const fileInputProps = { accept: ACCEPTED_MEDIA, 'data-testid': 'quick-message-file', id: 'quick-message-file' } as InputHTMLAttributes<HTMLInputElement>;
  const messageError = described('message', t('quickMessages.form.message'));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={formik.isSubmitting ? undefined : onClose}
      title={record ? t('quickMessages.form.editTitle') : t('quickMessages.form.addTitle')}
      icon="flash"
      className="quick-message-dialog"
    >
      <form onSubmit={formik.handleSubmit} noValidate data-testid="quick-message-form">
        <DialogBody>
          <TextField
            id="quick-message-shortcode"
            label={t('quickMessages.form.shortcode')}
            error={described('shortcode', t('quickMessages.form.shortcode'))}
            helper={t('quickMessages.form.shortcodeHint', { shortcode: formik.values.shortcode.trim() || '…' })}
            {...formik.getFieldProps('shortcode')}
            autoFocus
          />
          <FormGroup label={t('quickMessages.form.message')} labelFor="quick-message-message" helperText={messageError} intent={messageError ? Intent.DANGER : Intent.NONE}>
            <TextArea
              id="quick-message-message"
              data-testid="quick-message-message"
              {...formik.getFieldProps('message')}
              intent={messageError ? Intent.DANGER : Intent.NONE}
              aria-invalid={messageError ? true : undefined}
              fill
              autoResize
              rows={4}
            />
          </FormGroup>
          {admin && (
            <Switch
              id="quick-message-geral"
              checked={formik.values.geral}
              onChange={(event) => void formik.setFieldValue('geral', event.currentTarget.checked)}
              label={t('quickMessages.form.geral')}
              data-testid="quick-message-geral-switch"
            />
          )}
          <FormGroup label={t('quickMessages.file.label')} labelFor="quick-message-file" helperText={fileError ?? t('quickMessages.file.hint')} intent={fileError ? Intent.DANGER : Intent.NONE}>
            {record?.mediaPath && !file && (
              <div className="quick-message-dialog-file">
                <Icon icon="paperclip" size={12} />
                <span data-testid="quick-message-file-name">{record.mediaName}</span>
                <Button
                  icon="trash"
                  intent={Intent.DANGER}
                  variant="minimal"
                  text={t('quickMessages.file.remove')}
                  loading={removing}
                  onClick={() => void removeFile(t('quickMessages.file.removed'))}
                  data-testid="quick-message-file-remove"
                />
              </div>
            )}
            <FileInput
              fill
              text={file?.name ?? t('quickMessages.file.choose')}
              buttonText={t('quickMessages.file.browse')}
              hasSelection={!!file}
              inputProps={fileInputProps}
              onInputChange={(event) => {
                setFileError(undefined);
                setFile(event.currentTarget.files?.[0]);
                // The same file chosen again after a refusal still fires a change.
                event.currentTarget.value = '';
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('quickMessages.form.cancel')} onClick={onClose} disabled={formik.isSubmitting} data-testid="quick-message-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('quickMessages.form.save')} loading={formik.isSubmitting} data-testid="quick-message-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
