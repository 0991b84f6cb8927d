import { createScheduleSchema, renderScheduleBody, SCHEDULE_DEFAULT_LEAD_MS, SCHEDULE_MEDIA_EXTENSIONS, SCHEDULE_VARIABLES, type Schedule, type Whatsapp } from '@atendo/contracts';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { currentLanguage } from '../../i18n';
import { validateWith } from '../../ui/formErrors';
import { errorMessage } from '../../ui/toaster';
import { AttachmentField, FileNamePreview } from '../../ui/AttachmentField';
import { TextAreaField } from '../../ui/TextAreaField';
import { FormDialog, recordTexts } from '../../ui/FormDialog';
import { useAttachment } from '../../ui/useAttachment';
import { useRecordForm } from '../../ui/useRecordForm';
import { fromLocalInput, statusIntent, toLocalInput } from './scheduleCalendar';
import { ScheduleContactSearch, type ScheduleContact } from './ScheduleContactSearch';
import { schedulesApi, type ScheduleValues } from './schedulesApi';

interface FormValues {
  contactId: number | null;
  body: string;
  /** The `datetime-local` input's value (the browser's zone). */
  sendAt: string;
  whatsappId: number | null;
}

interface ScheduleDialogProps {
  /** The schedule to show or change; none to add one. */
  editing: Schedule | undefined;
  /** A new schedule's contact (the page's `contactId` query) or time (a slot clicked on the calendar). */
  preset?: { contact?: ScheduleContact; sendAt?: Date };
  connections: Whatsapp[];
  onSaved(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
  onClose(): void;
}

const prepare = (v: FormValues) => ({ body: v.body, contactId: v.contactId ?? undefined, sendAt: fromLocalInput(v.sendAt) || undefined, whatsappId: v.whatsappId });
const ACCEPT = SCHEDULE_MEDIA_EXTENSIONS.join(',');

/**
 * Adds, shows or changes a scheduled message (spec: contact, message with its variables, send time, connection, an
 * image). Once sent it is read-only: the save button is hidden and the dialog says when it went; a failed one says why.
 */
export function ScheduleDialog({ editing, preset, connections, onSaved, onDelete, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ScheduleContact | null>(editing?.contact ?? preset?.contact ?? null);
  const { record, file, setFile, fileError, setFileError, removing, attach, removeFile } = useAttachment(editing, { upload: schedulesApi.uploadFile, remove: schedulesApi.removeFile }, onSaved);
  const body = useRef<HTMLTextAreaElement>(null);
  const sent = record?.sentAt != null;

  const checked = validateWith<FormValues>(createScheduleSchema, { prepare });
  const { formik, errorOf } = useRecordForm<FormValues, Schedule>({
    initialValues: {
      contactId: contact?.id ?? null,
      body: editing?.body ?? '',
      sendAt: toLocalInput(editing?.sendAt ?? preset?.sendAt ?? new Date(Date.now() + SCHEDULE_DEFAULT_LEAD_MS)),
      whatsappId: editing?.whatsappId ?? null,
    },
    validate: async (values) => {
      const errors = await checked(values);
      // The server has the last word (its clock); this spares a round trip for a time plainly past.
      if (!errors.sendAt && Date.parse(fromLocalInput(values.sendAt)) <= Date.now()) errors.sendAt = t('errors.ERR_SCHEDULE_IN_PAST');
      return errors;
    },
    save: async (values) => {
      const sending = createScheduleSchema.cast(prepare(values)) as ScheduleValues;
      const saved = record ? await schedulesApi.update(record.id, sending) : await schedulesApi.create(sending);
      const refusal = (error: unknown) => (error instanceof ApiError && error.code === 'ERR_VALIDATION' ? t('schedules.file.refused') : errorMessage(error));
      return (await attach(saved, refusal)) ? saved : undefined;
    },
    savedText: t('schedules.saved'),
    onDone: onClose,
    refusal: { fieldOfCode: { ERR_SCHEDULE_IN_PAST: 'sendAt', ERR_NO_CONTACT_FOUND: 'contactId', ERR_NO_WAPP_FOUND: 'whatsappId' } },
  });
  const insert = (variable: string) => {
    const area = body.current;
    const text = `{{${variable}}}`;
    const at = area?.selectionStart ?? formik.values.body.length;
    const end = area?.selectionEnd ?? at;
    void formik.setFieldValue('body', formik.values.body.slice(0, at) + text + formik.values.body.slice(end));
    requestAnimationFrame(() => area?.focus());
  };
  const sendAt = new Date(formik.values.sendAt);
  const preview = formik.values.body.trim()
    ? renderScheduleBody(formik.values.body, {
        contactName: contact?.name ?? '',
        at: Number.isNaN(sendAt.getTime()) ? new Date() : sendAt,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: currentLanguage(),
        protocol: String(record?.ticketId ?? editing?.ticketId ?? '123'),
      })
    : '';
  const sendAtError = errorOf('sendAt');
  const contactError = errorOf('contactId');

  return (
    <FormDialog
      form={formik}
      onClose={onClose}
      icon="calendar"
      className="schedule-dialog"
      testIds="schedule"
      {...recordTexts(t('schedules.form', { returnObjects: true }), !record)}
      saveHidden={sent}
      leading={record && <Button icon="trash" intent={Intent.DANGER} variant="minimal" text={t('schedules.form.delete')} onClick={() => onDelete(record)} data-testid="schedule-delete" />}
    >
      {record && record.status !== 'PENDENTE' && (
        <Callout intent={statusIntent(record.status)} icon={record.status === 'ENVIADA' ? 'tick-circle' : 'error'} className="schedule-dialog-status" data-testid="schedule-status">
          {record.status === 'ENVIADA' ? t('schedules.sentAt', { date: new Date(record.sentAt!).toLocaleString(currentLanguage()) }) : t('schedules.failed', { reason: record.error ?? '' })}
        </Callout>
      )}
      <FormGroup label={t('schedules.form.contact')} labelFor="schedule-contact" helperText={contactError} intent={contactError ? Intent.DANGER : Intent.NONE}>
        <ScheduleContactSearch
          id="schedule-contact"
          selected={contact}
          error={contactError}
          onSelect={(picked) => {
            setContact(picked);
            void formik.setFieldValue('contactId', picked?.id ?? null);
          }}
        />
      </FormGroup>
      <TextAreaField id="schedule-body" label={t('schedules.form.body')} error={errorOf('body')} inputRef={body} disabled={sent} rows={4} {...formik.getFieldProps('body')} />
      {!sent && (
        <div className="schedule-variables" data-testid="schedule-variables">
          <span>{t('schedules.form.variables')}</span>
          {SCHEDULE_VARIABLES.map((v) => (
            <Tag key={v} minimal interactive round onClick={() => insert(v)} title={t(`schedules.variables.${v}`)}>
              {`{{${v}}}`}
            </Tag>
          ))}
        </div>
      )}
      {preview && (
        <FormGroup label={t('schedules.form.preview')}>
          <div className="schedule-preview" data-testid="schedule-preview">
            {preview}
          </div>
        </FormGroup>
      )}
      <div className="schedule-dialog-row">
        <FormGroup label={t('schedules.form.sendAt')} labelFor="schedule-send-at" helperText={sendAtError} intent={sendAtError ? Intent.DANGER : Intent.NONE}>
          <InputGroup id="schedule-send-at" type="datetime-local" data-testid="schedule-send-at" {...formik.getFieldProps('sendAt')} disabled={sent} intent={sendAtError ? Intent.DANGER : Intent.NONE} />
        </FormGroup>
        <FormGroup label={t('schedules.form.connection')} labelFor="schedule-connection">
          <HTMLSelect
            id="schedule-connection"
            data-testid="schedule-connection"
            fill
            disabled={sent}
            value={formik.values.whatsappId ?? ''}
            onChange={(event) => void formik.setFieldValue('whatsappId', event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            options={[{ value: '', label: t('schedules.form.connectionAuto') }, ...connections.map((c) => ({ value: c.id, label: c.name }))]}
          />
        </FormGroup>
      </div>
      <AttachmentField
        id="schedule-file"
        label={t('schedules.file.label')}
        hint={t('schedules.file.hint')}
        error={fileError}
        accept={ACCEPT}
        current={
          record?.mediaPath
            ? {
                className: 'schedule-dialog-file',
                preview: <FileNamePreview icon="media" name={record.mediaName} testId="schedule-file-name" />,
                remove: sent ? undefined : { text: t('schedules.file.remove'), removing, onRemove: () => void removeFile(t('schedules.file.removed')), testId: 'schedule-file-remove' },
              }
            : undefined
        }
        chosen={file}
        chooseText={t('schedules.file.choose')}
        browseText={t('schedules.file.browse')}
        onChoose={
          sent
            ? undefined
            : (picked) => {
                if (picked && !SCHEDULE_MEDIA_EXTENSIONS.some((ext) => picked.name.toLowerCase().endsWith(ext))) {
                  setFile(undefined);
                  setFileError(t('schedules.file.refused'));
                  return;
                }
                setFileError(undefined);
                setFile(picked);
              }
        }
      />
    </FormDialog>
  );
}
