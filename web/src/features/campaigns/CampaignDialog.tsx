import { CAMPAIGN_MESSAGE_FIELDS, campaignChangesSchema, campaignSchema, type CampaignMessageField, type CampaignView, type ContactList, type FileListSummary, type Tag as TagRecord, type Whatsapp } from '@atendo/contracts';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, Icon, InputGroup, Intent, ProgressBar, Tab, Tabs, Tag, TextArea, type TabId } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { errorMessage, toastError } from '../../ui/toaster';
import { AttachmentField, FileNamePreview } from '../../ui/AttachmentField';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useAttachment } from '../../ui/useAttachment';
import { useRecordForm } from '../../ui/useRecordForm';
import { ACCEPTED_MEDIA, mediaRefusal } from '../../ui/mediaFiles';
import { CONTACT_PLACEHOLDERS, insertAt, sent, valuesOf, type CampaignFormValues } from './campaignForm';
import { campaignsApi } from './campaignsApi';

interface CampaignDialogProps {
  /** The campaign to change or look at; none to add one. */
  editing: CampaignView | undefined;
  onSaved(campaign: CampaignView): void;
  onClose(): void;
}

interface Options {
  connections: Whatsapp[];
  contactLists: ContactList[];
  tags: TagRecord[];
  fileLists: FileListSummary[];
  variables: string[];
}

const noOptions: Options = { connections: [], contactLists: [], tags: [], fileLists: [], variables: [] };

/** A campaign's refusal that belongs to one field: shown under it rather than as a toast. */
const FIELD_OF_CODE: Partial<Record<string, string>> = {
  ERR_CAMPAIGN_SCHEDULE_IN_PAST: 'scheduledAt',
  ERR_CAMPAIGN_NO_RECIPIENTS: 'contactListId',
  ERR_CAMPAIGN_NO_MESSAGE: 'message1',
};

/**
 * Adds, changes or shows a campaign: name, connection, contact list, tag list, file list, schedule, five message tabs
 * with insertable placeholders, and an attachment sent once it is saved. Read-only unless the server says it may be
 * saved (`editable`: inactive, scheduled more than an hour ahead, or cancelled).
 */
export function CampaignDialog({ editing, onSaved, onClose }: CampaignDialogProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Options>(noOptions);
  const [tab, setTab] = useState<CampaignMessageField>('message1');
  const areas = useRef<Partial<Record<CampaignMessageField, HTMLTextAreaElement | null>>>({});
  const { record, file, setFile, fileError, setFileError, removing, attach, removeFile } = useAttachment(editing, { upload: campaignsApi.upload, remove: campaignsApi.removeMedia }, onSaved);
  const readOnly = !!record && !record.editable;

  useEffect(() => {
    let live = true;
    const set = <K extends keyof Options>(key: K) => (value: Options[K]) => live && setOptions((o) => ({ ...o, [key]: Array.isArray(value) ? value : [] }));
    campaignsApi.connections().then(set('connections'), toastError);
    campaignsApi.contactLists().then(set('contactLists'), toastError);
    campaignsApi.tags().then(set('tags'), toastError);
    void campaignsApi.fileLists().then(set('fileLists'));
    campaignsApi.settings().then((s) => live && setOptions((o) => ({ ...o, variables: (s?.variables ?? []).map((v) => `{${v.key}}`) })), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  const labels: Record<string, string> = {
    name: t('campaigns.form.name'),
    whatsappId: t('campaigns.form.connection'),
    contactListId: t('campaigns.form.contactList'),
    tagId: t('campaigns.form.tag'),
    fileListId: t('campaigns.form.fileList'),
    scheduledAt: t('campaigns.form.scheduledAt'),
    ...Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((f, i) => [f, t('campaigns.form.message', { n: i + 1 })])),
  };
  const describe = (field: string, text: string) => `${labels[field] ?? field} ${text}`;

  const { formik, errorOf } = useRecordForm<CampaignFormValues, CampaignView>({
    initialValues: valuesOf(editing),
    validate: validateWith<CampaignFormValues>(editing ? campaignChangesSchema : campaignSchema, { prepare: sent, describe }),
    save: async (values, { resetForm }) => {
      const saved = record ? await campaignsApi.update(record.id, sent(values)) : await campaignsApi.create(sent(values));
      resetForm({ values: valuesOf(saved) });
      return (await attach(saved, (error) => mediaRefusal(error) ?? errorMessage(error))) ? saved : undefined;
    },
    savedText: t('campaigns.saved'),
    onDone: onClose,
    refusal: { describe, fieldOfCode: FIELD_OF_CODE },
  });

  const select = (name: 'whatsappId' | 'contactListId' | 'tagId' | 'fileListId', choices: Array<{ id: number; name: string }>, empty: string) => (
    <SelectField
      id={`campaign-${name}`}
      label={labels[name]}
      error={errorOf(name)}
      groupClassName="campaign-form-field"
      name={name}
      value={formik.values[name]}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      disabled={readOnly}
      aria-invalid={errorOf(name) ? true : undefined}
      options={[{ value: '', label: empty }, ...choices.map((o) => ({ value: String(o.id), label: o.name }))]}
    />
  );

  const insert = (placeholder: string) => {
    const area = areas.current[tab];
    const { text, caret } = insertAt(formik.values[tab], placeholder, area?.selectionStart ?? null, area?.selectionEnd ?? null);
    void formik.setFieldValue(tab, text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  const messageTab = (field: CampaignMessageField, i: number) => {
    const error = errorOf(field);
    return (
      <Tab
        key={field}
        id={field}
        data-testid={`campaign-tab-${field}`}
        title={
          <span className="campaign-tab-title">
            {i + 1}
            {error && <Icon icon="error" intent={Intent.DANGER} size={12} />}
            {!error && formik.values[field].trim() && <Icon icon="dot" size={12} />}
          </span>
        }
        panel={
          <FormGroup label={labels[field]} labelFor={`campaign-${field}`} helperText={error ?? (readOnly ? undefined : t('campaigns.form.messageHint'))} intent={error ? Intent.DANGER : Intent.NONE}>
            <TextArea
              id={`campaign-${field}`}
              data-testid={`campaign-${field}`}
              inputRef={(el) => {
                areas.current[field] = el;
              }}
              {...formik.getFieldProps(field)}
              readOnly={readOnly}
              disabled={readOnly}
              intent={error ? Intent.DANGER : Intent.NONE}
              fill
              rows={5}
            />
          </FormGroup>
        }
      />
    );
  };

  const scheduledError = errorOf('scheduledAt');
  const uploading = formik.isSubmitting && !!file;
  const title = readOnly ? t('campaigns.form.viewTitle') : record ? t('campaigns.form.editTitle') : t('campaigns.form.addTitle');

  return (
    <Dialog isOpen onClose={formik.isSubmitting ? undefined : onClose} title={title} icon="send-message" className="campaign-dialog">
      <form onSubmit={formik.handleSubmit} noValidate data-testid="campaign-form" data-readonly={readOnly ? 'true' : 'false'}>
        <DialogBody>
          {readOnly && (
            <Callout intent={Intent.WARNING} icon="lock" compact data-testid="campaign-readonly" className="campaign-form-notice">
              {t('campaigns.form.readOnly')}
            </Callout>
          )}
          <div className="campaign-form-grid">
            <TextField id="campaign-name" label={labels.name} error={errorOf('name')} {...formik.getFieldProps('name')} disabled={readOnly} autoFocus={!readOnly} className="campaign-form-field" />
            {select('whatsappId', options.connections, t('campaigns.form.choose'))}
            {select('contactListId', options.contactLists, t('campaigns.form.none'))}
            {select('tagId', options.tags, t('campaigns.form.none'))}
            {select('fileListId', options.fileLists, t('campaigns.form.none'))}
            <FormGroup label={labels.scheduledAt} labelFor="campaign-scheduledAt" helperText={scheduledError ?? (readOnly ? undefined : t('campaigns.form.scheduledAtHint'))} intent={scheduledError ? Intent.DANGER : Intent.NONE} className="campaign-form-field">
              <InputGroup
                id="campaign-scheduledAt"
                data-testid="campaign-scheduledAt"
                type="datetime-local"
                {...formik.getFieldProps('scheduledAt')}
                disabled={readOnly}
                intent={scheduledError ? Intent.DANGER : Intent.NONE}
                aria-invalid={scheduledError ? true : undefined}
              />
            </FormGroup>
          </div>
          <Tabs id="campaign-message-tabs" selectedTabId={tab} onChange={(id: TabId) => setTab(id as CampaignMessageField)} className="campaign-message-tabs">
            {CAMPAIGN_MESSAGE_FIELDS.map(messageTab)}
          </Tabs>
          {!readOnly && (
            <div className="campaign-placeholders" aria-label={t('campaigns.form.placeholders')} data-testid="campaign-placeholders">
              <span className="campaign-placeholders-label">{t('campaigns.form.placeholders')}:</span>
              {[...CONTACT_PLACEHOLDERS, ...options.variables].map((placeholder) => (
                <Tag key={placeholder} minimal interactive round onClick={() => insert(placeholder)} data-testid="campaign-placeholder">
                  {placeholder}
                </Tag>
              ))}
            </div>
          )}
          {(!readOnly || record?.mediaPath) && (
            <AttachmentField
              id="campaign-file"
              label={t('campaigns.media.label')}
              hint={readOnly ? undefined : t('campaigns.media.hint')}
              error={fileError}
              accept={ACCEPTED_MEDIA}
              current={
                record?.mediaPath
                  ? {
                      className: 'campaign-media',
                      preview: <FileNamePreview icon="paperclip" name={record.mediaName} testId="campaign-media-name" />,
                      remove: readOnly ? undefined : { text: t('campaigns.media.remove'), removing, onRemove: () => void removeFile(t('campaigns.media.removed')), testId: 'campaign-media-remove' },
                    }
                  : undefined
              }
              chosen={file}
              chooseText={t('campaigns.media.choose')}
              browseText={t('campaigns.media.browse')}
              onChoose={
                readOnly
                  ? undefined
                  : (picked) => {
                      setFileError(undefined);
                      setFile(picked);
                    }
              }
            >
              {uploading && (
                <div className="campaign-upload" data-testid="campaign-upload-progress">
                  <span>{t('campaigns.media.uploading', { name: file.name })}</span>
                  <ProgressBar intent={Intent.PRIMARY} />
                </div>
              )}
            </AttachmentField>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            readOnly ? (
              <Button text={t('campaigns.form.close')} onClick={onClose} data-testid="campaign-close" />
            ) : (
              <>
                <Button text={t('campaigns.form.cancel')} onClick={onClose} disabled={formik.isSubmitting} data-testid="campaign-cancel" />
                <Button type="submit" intent={Intent.PRIMARY} text={t('campaigns.form.save')} loading={formik.isSubmitting} data-testid="campaign-submit" />
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
