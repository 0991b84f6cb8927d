import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementChangesSchema, announcementSchema, type Announcement } from '@atendo/contracts';
import { FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../ui/toaster';
import { validateWith } from '../../ui/formErrors';
import { AttachmentField } from '../../ui/AttachmentField';
import { FormDialog, recordTexts } from '../../ui/FormDialog';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useAttachment } from '../../ui/useAttachment';
import { useRecordForm } from '../../ui/useRecordForm';
import { AnnouncementImage } from './AnnouncementImage';
import { announcementsApi, type AnnouncementValues } from './announcementsApi';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from './priority';

/** Spec §5 (schedule media, the same rule here): png, jpg or jpeg. The server checks the content too. */
const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_EXTENSIONS = /\.(png|jpe?g)$/i;
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const MAX_MIB = ANNOUNCEMENT_MEDIA_MAX_BYTES / (1024 * 1024);
const FIELDS = ['title', 'text', 'priority', 'status'] as const;

interface AnnouncementDialogProps {
  isOpen: boolean;
  /** The announcement to change; none to publish a new one. */
  editing: Announcement | undefined;
  onSaved(announcement: Announcement): void;
  onClose(): void;
}

const valuesOf = (a: Announcement | undefined): AnnouncementValues => ({
  title: a?.title ?? '',
  text: a?.text ?? '',
  priority: a?.priority ?? 3,
  status: a?.status ?? true,
});

function changesOf(values: AnnouncementValues, saved: Announcement): Partial<AnnouncementValues> {
  const cast = announcementChangesSchema.cast(values) as AnnouncementValues;
  return Object.fromEntries(FIELDS.filter((f) => cast[f] !== saved[f]).map((f) => [f, cast[f]]));
}

/**
 * Publishes or changes an announcement (title, text, priority, status) with the contracts' rules, then sends its image,
 * if one was chosen, to the media-upload route; an image already there can be removed.
 */
export function AnnouncementDialog({ isOpen, editing, onSaved, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation();
  const { record, file, setFile, fileError, setFileError, removing, attach, removeFile } = useAttachment(editing, { upload: announcementsApi.uploadImage, remove: announcementsApi.removeImage }, onSaved);

  const uploadRefusal = (error: unknown) => {
    const rules = error instanceof ApiError && Array.isArray(error.details) ? (error.details as { rule?: string }[]).map((d) => d.rule) : [];
    if ((error instanceof ApiError && error.status === 413) || rules.includes('fileTooLarge')) return t('announcements.image.tooLarge', { max: MAX_MIB });
    if (rules.includes('imageType')) return t('announcements.image.wrongType');
    return errorMessage(error);
  };

  const { formik, errorOf } = useRecordForm<AnnouncementValues, Announcement>({
    initialValues: valuesOf(editing),
    validate: validateWith<AnnouncementValues>(announcementSchema),
    save: async (values, { resetForm }) => {
      let saved: Announcement;
      if (record) {
        const changes = changesOf(values, record);
        saved = Object.keys(changes).length > 0 ? await announcementsApi.update(record.id, changes) : record;
      } else {
        saved = await announcementsApi.create(announcementSchema.cast(values) as AnnouncementValues);
      }
      resetForm({ values: valuesOf(saved) });
      return (await attach(saved, uploadRefusal)) ? saved : undefined;
    },
    savedText: t('announcements.saved'),
    onDone: onClose,
    // What the user typed stays; the refused fields say why.
    refusal: { show: 'fields and toast' },
  });

  const choose = (chosen: File | undefined) => {
    setFileError(undefined);
    setFile(undefined);
    if (!chosen) return;
    if (!IMAGE_TYPES.includes(chosen.type) && !IMAGE_EXTENSIONS.test(chosen.name)) {
      setFileError(t('announcements.image.wrongType'));
    } else if (chosen.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) {
      setFileError(t('announcements.image.tooLarge', { max: MAX_MIB }));
    } else {
      setFile(chosen);
    }
  };

  const labelled = (name: keyof AnnouncementValues, label: string) => {
    const error = errorOf(name);
    return { label, labelFor: `announcement-${name}`, helperText: error ? `${label} ${error}` : undefined, intent: error ? Intent.DANGER : Intent.NONE };
  };

  return (
    <FormDialog
      form={formik}
      isOpen={isOpen}
      onClose={onClose}
      icon="notifications"
      className="announcement-dialog"
      testIds="announcement"
      {...recordTexts(t('announcements.form', { returnObjects: true }), !record)}
    >
      <TextField
        id="announcement-title"
        label={t('announcements.form.title')}
        error={labelled('title', t('announcements.form.title')).helperText}
        {...formik.getFieldProps('title')}
        autoFocus
      />
      <TextAreaField id="announcement-text" label={t('announcements.form.text')} error={labelled('text', t('announcements.form.text')).helperText} rows={4} {...formik.getFieldProps('text')} />
      <div className="announcement-dialog-row">
        <FormGroup {...labelled('priority', t('announcements.form.priority'))}>
          <HTMLSelect
            id="announcement-priority"
            value={formik.values.priority}
            onChange={(event) => void formik.setFieldValue('priority', Number(event.currentTarget.value) as Priority)}
            options={PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${PRIORITY_LABELS[p]}`) }))}
            data-testid="announcement-priority-select"
          />
        </FormGroup>
        <FormGroup label={t('announcements.form.status')} labelFor="announcement-status">
          <Switch
            id="announcement-status"
            checked={formik.values.status}
            onChange={(event) => void formik.setFieldValue('status', event.currentTarget.checked)}
            label={formik.values.status ? t('announcements.active') : t('announcements.inactive')}
            data-testid="announcement-status-switch"
          />
        </FormGroup>
      </div>
      <AttachmentField
        id="announcement-file"
        label={t('announcements.form.image')}
        hint={t('announcements.image.hint', { max: MAX_MIB })}
        error={fileError}
        accept={ACCEPT}
        current={
          record?.mediaPath
            ? {
                className: 'announcement-dialog-image',
                preview: <AnnouncementImage mediaPath={record.mediaPath} version={record.updatedAt} alt={record.title} />,
                remove: { text: t('announcements.image.remove'), removing, onRemove: () => void removeFile(t('announcements.image.removed')), testId: 'announcement-image-remove' },
              }
            : undefined
        }
        chosen={file}
        chooseText={t('announcements.image.choose')}
        browseText={t('announcements.image.browse')}
        onChoose={choose}
      />
    </FormDialog>
  );
}
