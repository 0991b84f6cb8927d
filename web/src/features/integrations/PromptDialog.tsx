import { PROMPT_MODELS, PROMPT_TEXT_ONLY, promptSchema, type Prompt, type Queue } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { lookups } from '../../api/lookups';
import { DialogForm } from '../../ui/DialogForm';
import { validateWith } from '../../ui/formErrors';
import { LoadingDialog } from '../../ui/LoadingDialog';
import { SelectField, selectFieldProps } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useOpenedRecord } from '../../ui/useOpenedRecord';
import { useRecordForm } from '../../ui/useRecordForm';
import { bodyOf, formValuesOf, MODEL_LABELS, VOICES, type PromptFormValues } from './promptForm';
import { promptsApi } from './promptsApi';
import { SecretField } from './SecretField';

interface PromptDialogProps {
  /** The prompt to change; none to add one. */
  editingId: number | undefined;
  onSaved(prompt: Prompt): void;
  onClose(): void;
}

/** Ids start at 1: the id read for a new prompt, which reads only the queues. */
const NEW_PROMPT = 0;

/** The prompt being changed, if any, and the queues a prompt may hand its tickets to. */
const readPrompt = (id: number) => Promise.all([id === NEW_PROMPT ? undefined : promptsApi.one(id), lookups.queues()]).then(([prompt, queues]) => ({ prompt, queues }));

/** The prompt modal: loads the queues (and the prompt being changed), then its form. */
export function PromptDialog({ editingId, onSaved, onClose }: PromptDialogProps) {
  const { t } = useTranslation();
  const loaded = useOpenedRecord(editingId ?? NEW_PROMPT, readPrompt);
  return (
    <LoadingDialog
      load={loaded === undefined ? 'waiting' : loaded === 'failed' ? 'failed' : 'ready'}
      failedText={t('prompts.form.loadFailed')}
      onClose={onClose}
      title={editingId === undefined ? t('prompts.form.addTitle') : t('prompts.form.editTitle')}
      icon="predictive-analysis"
      className="prompt-dialog"
    >
      {loaded && loaded !== 'failed' && <PromptForm editing={loaded.prompt} queues={loaded.queues} onSaved={onSaved} onClose={onClose} />}
    </LoadingDialog>
  );
}

interface PromptFormProps {
  editing: Prompt | undefined;
  queues: Queue[];
  onSaved(prompt: Prompt): void;
  onClose(): void;
}

type Field = keyof PromptFormValues;

/** The prompt's fields, checked by the contracts' schema; the server's refusals land on their fields. */
function PromptForm({ editing, queues, onSaved, onClose }: PromptFormProps) {
  const { t } = useTranslation();
  const label = (field: Field) => t(`prompts.form.${field}`);
  // "<label> <rule>", for the contracts' rules and the server's refusals alike.
  const describe = (field: string, text: string) => `${label(field as Field)} ${text}`;
  const { formik, errorOf } = useRecordForm<PromptFormValues, Prompt>({
    initialValues: formValuesOf(editing),
    validate: validateWith<PromptFormValues>(promptSchema, { prepare: bodyOf, describe }),
    save: (values) => (editing ? promptsApi.update(editing.id, bodyOf(values)) : promptsApi.create(bodyOf(values))),
    savedText: t('prompts.saved'),
    onSaved,
    onDone: onClose,
    // What the user typed stays; the refused fields say why.
    refusal: { describe },
  });
  const busy = formik.isSubmitting;
  const withVoice = formik.values.voice !== PROMPT_TEXT_ONLY;
  const keptHint = (field: 'apiKey' | 'voiceKey') => (editing && formik.values[field] === editing[field] && editing[field] ? t('prompts.form.secretKept') : undefined);

  const select = (field: 'model' | 'queueId' | 'voice', options: Array<{ value: string; label: string }>, helper?: string) => (
    <SelectField id={`prompt-${field}`} label={label(field)} error={errorOf(field)} helper={helper} disabled={busy} options={options} aria-invalid={errorOf(field) ? true : undefined} {...selectFieldProps(formik.getFieldProps(field))} />
  );

  return (
    <DialogForm form={formik} onCancel={onClose} cancelWaits testIds={{ form: 'prompt-form', cancel: 'prompt-cancel', submit: 'prompt-submit' }} cancelText={t('prompts.form.cancel')} saveText={t('prompts.form.save')}>
      <TextField id="prompt-name" label={label('name')} error={errorOf('name')} disabled={busy} {...formik.getFieldProps('name')} autoFocus />
      <TextAreaField id="prompt-prompt" label={label('prompt')} error={errorOf('prompt')} helper={t('prompts.form.promptHint')} rows={10} autoResize={false} disabled={busy} {...formik.getFieldProps('prompt')} />
      <div className="prompt-form-row-2">
        {select(
          'model',
          PROMPT_MODELS.map((model) => ({ value: model, label: MODEL_LABELS[model] })),
        )}
        {select('queueId', [{ value: '', label: t('prompts.form.chooseQueue') }, ...queues.map((q) => ({ value: String(q.id), label: q.name }))], t('prompts.form.queueHint'))}
      </div>
      <SecretField id="prompt-apiKey" label={label('apiKey')} error={errorOf('apiKey')} helper={keptHint('apiKey')} disabled={busy} {...formik.getFieldProps('apiKey')} />
      <div className="prompt-form-row">
        <TextField id="prompt-maxTokens" type="number" min={1} step={1} label={label('maxTokens')} error={errorOf('maxTokens')} disabled={busy} {...formik.getFieldProps('maxTokens')} />
        <TextField id="prompt-temperature" type="number" min={0} max={1} step={0.1} label={label('temperature')} error={errorOf('temperature')} disabled={busy} {...formik.getFieldProps('temperature')} />
        <TextField id="prompt-maxMessages" type="number" min={1} step={1} label={label('maxMessages')} error={errorOf('maxMessages')} disabled={busy} {...formik.getFieldProps('maxMessages')} />
      </div>
      {select('voice', [{ value: PROMPT_TEXT_ONLY, label: t('prompts.form.textOnly') }, ...VOICES.map((v) => ({ value: v.value, label: `${v.name} (pt-BR)` }))])}
      {withVoice && (
        <div className="prompt-form-row-2">
          <SecretField id="prompt-voiceKey" label={label('voiceKey')} error={errorOf('voiceKey')} helper={keptHint('voiceKey')} disabled={busy} {...formik.getFieldProps('voiceKey')} />
          <TextField id="prompt-voiceRegion" label={label('voiceRegion')} error={errorOf('voiceRegion')} placeholder="brazilsouth" disabled={busy} {...formik.getFieldProps('voiceRegion')} />
        </div>
      )}
    </DialogForm>
  );
}
