import { quickMessageChangesSchema, quickMessageSchema, type QuickMessage } from '@atendo/contracts';
import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/toaster';
import { validateWith } from '../../ui/formErrors';
import { AttachmentField, FileNamePreview } from '../../ui/AttachmentField';
import { FormDialog, recordTexts } from '../../ui/FormDialog';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useAttachment } from '../../ui/useAttachment';
import { useRecordForm } from '../../ui/useRecordForm';
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

  const { formik, errorOf } = useRecordForm<QuickMessageValues, QuickMessage>({
    initialValues: valuesOf(editing),
    validate: validateWith<QuickMessageValues>(quickMessageSchema),
    save: async (values, { resetForm }) => {
      // Someone else's switch is not theirs to send.
      const sent = admin ? values : { ...values, geral: record?.geral ?? false };
      let saved: QuickMessage;
      if (record) {
        const changes = changesOf(sent, record);
        saved = Object.keys(changes).length > 0 ? await quickMessagesApi.update(record.id, changes) : record;
      } else {
        saved = await quickMessagesApi.create(quickMessageSchema.cast(sent) as QuickMessageValues);
      }
      resetForm({ values: valuesOf(saved) });
      return (await attach(saved, (error) => mediaRefusal(error) ?? errorMessage(error))) ? saved : undefined;
    },
    savedText: t('quickMessages.saved'),
    onDone: onClose,
    // What the user typed stays; the refused fields say why.
    refusal: { show: 'fields and toast' },
  });

  const described = (name: keyof QuickMessageValues, label: string) => {
    const error = errorOf(name);
    return error ? `${label} ${error}` : undefined;
  };

  return (
    <FormDialog form={formik} isOpen={isOpen} onClose={onClose} icon="flash" className="quick-message-dialog" testIds="quick-message" {...recordTexts(t('quickMessages.form', { returnObjects: true }), !record)}>
      <TextField
        id="quick-message-shortcode"
        label={t('quickMessages.form.shortcode')}
        error={described('shortcode', t('quickMessages.form.shortcode'))}
        helper={t('quickMessages.form.shortcodeHint', { shortcode: formik.values.shortcode.trim() || '…' })}
        {...formik.getFieldProps('shortcode')}
        autoFocus
      />
      <TextAreaField
        id="quick-message-message"
        label={t('quickMessages.form.message')}
        error={described('message', t('quickMessages.form.message'))}
        rows={4}
        {...formik.getFieldProps('message')}
      />
      {admin && (
        <Switch
          id="quick-message-geral"
          checked={formik.values.geral}
          onChange={(event) => void formik.setFieldValue('geral', event.currentTarget.checked)}
          label={t('quickMessages.form.geral')}
          data-testid="quick-message-geral-switch"
        />
      )}
      <AttachmentField
        id="quick-message-file"
        label={t('quickMessages.file.label')}
        hint={t('quickMessages.file.hint')}
        error={fileError}
        accept={ACCEPTED_MEDIA}
        current={
          record?.mediaPath
            ? {
                className: 'quick-message-dialog-file',
                preview: <FileNamePreview icon="paperclip" name={record.mediaName} testId="quick-message-file-name" />,
                remove: { text: t('quickMessages.file.remove'), removing, onRemove: () => void removeFile(t('quickMessages.file.removed')), testId: 'quick-message-file-remove' },
              }
            : undefined
        }
        chosen={file}
        chooseText={t('quickMessages.file.choose')}
        browseText={t('quickMessages.file.browse')}
        onChoose={(picked) => {
          setFileError(undefined);
          setFile(picked);
        }}
      />
    </FormDialog>
  );
}
