import { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES, queueIntegrationSchema, WEBHOOK_SECRET_MIN, type Flow, type QueueIntegration } from '@atendo/contracts';
import { Button, Callout, H6, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../ui/DialogForm';
import { validateWith } from '../../ui/formErrors';
import { LoadingDialog } from '../../ui/LoadingDialog';
import { SelectField, selectFieldProps } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { toastError } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useOpenedRecord } from '../../ui/useOpenedRecord';
import { useRecordForm } from '../../ui/useRecordForm';
import { lookups } from '../../api/lookups';
import { SecretField } from './SecretField';
import { DialogflowTest } from './DialogflowTest';
import { bodyOf, formValuesOf, randomSecret, typebotUrl, type IntegrationFormValues } from './integrationForm';
import { queueIntegrationsApi } from './queueIntegrationsApi';
import { TypebotPreview } from './TypebotPreview';

/** The preview follows the URL and slug once the typing pauses, not at every key. */
const PREVIEW_DEBOUNCE_MS = 400;

interface IntegrationDialogProps {
  /** The integration to change; none to add one. */
  editingId: number | undefined;
  onSaved(integration: QueueIntegration): void;
  onClose(): void;
}

/** The integration modal: loads the integration being changed, then its form. */
export function IntegrationDialog({ editingId, onSaved, onClose }: IntegrationDialogProps) {
  const { t } = useTranslation();
  const loaded = useOpenedRecord(editingId, queueIntegrationsApi.one);
  const waiting = editingId !== undefined && loaded === undefined;
  return (
    <LoadingDialog
      load={waiting ? 'waiting' : loaded === 'failed' ? 'failed' : 'ready'}
      failedText={t('integrations.form.loadFailed')}
      onClose={onClose}
      title={editingId === undefined ? t('integrations.form.addTitle') : t('integrations.form.editTitle')}
      icon="data-connection"
      className="integration-dialog"
    >
      {loaded !== 'failed' && <IntegrationForm editing={loaded} onSaved={onSaved} onClose={onClose} />}
    </LoadingDialog>
  );
}

interface IntegrationFormProps {
  editing: QueueIntegration | undefined;
  onSaved(integration: QueueIntegration): void;
  onClose(): void;
}

type Field = keyof IntegrationFormValues;

/** The body as the schema checks it: a secret's mask left as it is stands for the stored secret, which passed the rules when it was set. */
function checkedBodyOf(values: IntegrationFormValues, editing: QueueIntegration | undefined) {
  const body = bodyOf(values);
  const keptSecret = editing?.webhookSecret && body.webhookSecret === editing.webhookSecret;
  return keptSecret ? { ...body, webhookSecret: 'k'.repeat(WEBHOOK_SECRET_MIN) } : body;
}

/** The type first, then that type's fields, checked by the contracts' schema; the server's refusals land on their fields. */
function IntegrationForm({ editing, onSaved, onClose }: IntegrationFormProps) {
  const { t } = useTranslation();
  const label = (field: Field) => t(`integrations.form.${field}`);
  // "<label> <rule>", for the contracts' rules and the server's refusals alike.
  const describe = (field: string, text: string) => `${label(field as Field)} ${text}`;
  const { formik, errorOf } = useRecordForm<IntegrationFormValues, QueueIntegration>({
    initialValues: formValuesOf(editing),
    validate: validateWith<IntegrationFormValues>(queueIntegrationSchema, { prepare: (values) => checkedBodyOf(values, editing), describe }),
    save: (values) => (editing ? queueIntegrationsApi.update(editing.id, bodyOf(values)) : queueIntegrationsApi.create(bodyOf(values))),
    savedText: t('integrations.saved'),
    onSaved,
    onDone: onClose,
    refusal: { describe },
  });
  const { values } = formik;
  const busy = formik.isSubmitting;
  const keptHint = (field: 'jsonContent' | 'webhookSecret') => (editing && editing[field] && values[field] === editing[field] ? t('integrations.form.secretKept') : undefined);

  const text = (field: Field, helper?: string, input: { type?: string; min?: number; placeholder?: string } = {}) => (
    <TextField id={`integration-${field}`} label={label(field)} error={errorOf(field)} helper={helper} disabled={busy} {...input} {...formik.getFieldProps(field)} />
  );
  const select = (field: Field, options: Array<{ value: string; label: string }>) => (
    <SelectField id={`integration-${field}`} label={label(field)} error={errorOf(field)} disabled={busy} options={options} {...selectFieldProps(formik.getFieldProps(field))} />
  );
  const textArea = (field: Field, rows: number, helper?: string) => (
    <TextAreaField id={`integration-${field}`} label={label(field)} error={errorOf(field)} helper={helper} rows={rows} autoResize={false} disabled={busy} {...formik.getFieldProps(field)} />
  );

  return (
    <DialogForm form={formik} onCancel={onClose} cancelWaits testIds={{ form: 'integration-form', cancel: 'integration-cancel', submit: 'integration-submit' }} cancelText={t('integrations.form.cancel')} saveText={t('integrations.form.save')}>
      {select('type', [{ value: '', label: t('integrations.form.chooseType') }, ...INTEGRATION_TYPES.map((type) => ({ value: type, label: t(`integrations.types.${type}`) }))])}
      {values.type !== '' && text('name')}
      {values.type === 'dialogflow' && (
        <>
          <div className="integration-form-row">
            {text('projectName')}
            {select(
              'language',
              DIALOGFLOW_LANGUAGES.map((language) => ({ value: language, label: t(`integrations.languages.${language}`) })),
            )}
          </div>
          {textArea('jsonContent', 6, keptHint('jsonContent') ?? t('integrations.form.jsonContentHint'))}
          <DialogflowTest values={{ projectName: values.projectName, jsonContent: values.jsonContent, language: values.language, integrationId: editing?.id ?? null }} disabled={busy} />
        </>
      )}
      {(values.type === 'n8n' || values.type === 'webhook') && (
        <>
          {text('urlN8N', t('integrations.form.webhookUrlHint'), { placeholder: 'https://' })}
          <SecretField
            id="integration-webhookSecret"
            label={label('webhookSecret')}
            error={errorOf('webhookSecret')}
            helper={keptHint('webhookSecret')}
            disabled={busy}
            extra={<Button variant="minimal" icon="refresh" text={t('integrations.form.generate')} onClick={() => void formik.setFieldValue('webhookSecret', randomSecret())} disabled={busy} data-testid="integration-webhookSecret-generate" />}
            {...formik.getFieldProps('webhookSecret')}
          />
          <Callout intent={Intent.PRIMARY} icon="key" compact className="integration-signature-note" data-testid="integration-signature-note">
            {t('integrations.form.signatureNote')}
          </Callout>
        </>
      )}
      {values.type === 'typebot' && <TypebotFields text={text} textArea={textArea} values={values} />}
      {values.type === 'flowbuilder' && <FlowSelect select={select} />}
    </DialogForm>
  );
}

interface TypebotFieldsProps {
  text(field: Field, helper?: string, input?: { type?: string; min?: number; placeholder?: string }): JSX.Element;
  textArea(field: Field, rows: number): JSX.Element;
  values: IntegrationFormValues;
}

/** Typebot's server, bot and conversation settings, with the bot live beside them once its address is complete. */
function TypebotFields({ text, textArea, values }: TypebotFieldsProps) {
  const { t } = useTranslation();
  const preview = useDebouncedValue(typebotUrl(values.urlN8N, values.typebotSlug), PREVIEW_DEBOUNCE_MS);
  return (
    <div className="integration-typebot">
      <div className="integration-typebot-fields">
        {text('urlN8N', t('integrations.form.typebotUrlHint'), { placeholder: 'https://' })}
        {text('typebotSlug')}
        <div className="integration-form-row">
          {text('typebotDelayMessage', undefined, { type: 'number', min: 0 })}
          {text('typebotExpires', undefined, { type: 'number', min: 1 })}
        </div>
        <div className="integration-form-row">
          {text('typebotKeywordFinish')}
          {text('typebotKeywordRestart')}
        </div>
        {textArea('typebotRestartMessage', 2)}
        {textArea('typebotUnknownMessage', 2)}
      </div>
      <div className="integration-typebot-preview">
        <H6>{t('integrations.form.preview')}</H6>
        {preview ? <TypebotPreview url={preview} /> : <p className="integration-preview-hint">{t('integrations.form.previewHint')}</p>}
      </div>
    </div>
  );
}

/** The company's flows, for a flowbuilder integration (GET /flowbuilder, every page). */
function FlowSelect({ select }: { select(field: Field, options: Array<{ value: string; label: string }>): JSX.Element }) {
  const { t } = useTranslation();
  const [flows, setFlows] = useState<Flow[]>();
  useEffect(() => {
    let live = true;
    lookups.flows().then(
      (all) => live && setFlows(all),
      (error: unknown) => {
        toastError(error);
        if (live) setFlows([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (!flows) return <Spinner size={20} />;
  return select('flowId', [{ value: '', label: t('integrations.form.chooseFlow') }, ...flows.map((f) => ({ value: String(f.id), label: f.name }))]);
}
