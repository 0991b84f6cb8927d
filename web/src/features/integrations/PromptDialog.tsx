import { PROMPT_MODELS, PROMPT_TEXT_ONLY, promptSchema, type Prompt, type Queue } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showRefusal, validateWith } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { toastError, toastSuccess } from '../../ui/toaster';
import { bodyOf, formValuesOf, MODEL_LABELS, VOICES, type PromptFormValues } from './promptForm';
import { promptsApi } from './promptsApi';
import { SecretField } from './SecretField';
import { shownError } from './shownError';

interface PromptDialogProps {
  /** The prompt to change; none to add one. */
  editingId: number | undefined;
  onSaved(prompt: Prompt): void;
  onClose(): void;
}

type Loaded = { prompt: Prompt | undefined; queues: Queue[] };

/** The prompt modal: loads the queues (and the prompt being changed), then its form. */
export function PromptDialog({ editingId, onSaved, onClose }: PromptDialogProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | 'failed'>();
  useEffect(() => {
    let live = true;
    Promise.all([editingId === undefined ? undefined : promptsApi.one(editingId), promptsApi.queues()]).then(
      ([prompt, queues]) => live && setLoaded({ prompt, queues }),
      (error: unknown) => {
        toastError(error);
        if (live) setLoaded('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [editingId]);
  return (
    <Dialog isOpen onClose={onClose} title={editingId === undefined ? t('prompts.form.addTitle') : t('prompts.form.editTitle')} icon="predictive-analysis" className="prompt-dialog">
      {loaded === undefined && (
        <DialogBody>
          <Spinner size={32} />
        </DialogBody>
      )}
      {loaded === 'failed' && (
        <DialogBody>
          <NonIdealState icon="error" description={t('prompts.form.loadFailed')} />
        </DialogBody>
      )}
      {loaded && loaded !== 'failed' && <PromptForm editing={loaded.prompt} queues={loaded.queues} onSaved={onSaved} onClose={onClose} />}
    </Dialog>
  );
}

interface PromptFormProps {
  editing: Prompt | undefined;
  queues: Queue[];
  onSaved(prompt: Prompt): void;
  onClose(): void;
}

/** The prompt's fields, checked by the contracts' schema; the server's refusals land on their fields. */
function PromptForm({ editing, queues, onSaved, onClose }: PromptFormProps) {
  const { t } = useTranslation();
  const formik = useFormik<PromptFormValues>({
    initialValues: formValuesOf(editing),
    validate: validateWith<PromptFormValues>(promptSchema, { prepare: bodyOf }),
    onSubmit: async (values, { setErrors }) => {
      try {
        const saved = editing ? await promptsApi.update(editing.id, bodyOf(values)) : await promptsApi.create(bodyOf(values));
        onSaved(saved);
        toastSuccess(t('prompts.saved'));
        onClose();
      } catch (error) {
        // What the user typed stays; the refused fields say why.
        showRefusal(error, setErrors);
      }
    },
  });
  const label = (field: keyof PromptFormValues) => t(`prompts.form.${field}`);
  const errorOf = (field: keyof PromptFormValues) => shownError(formik, field, label(field));
  const intentOf = (field: keyof PromptFormValues) => (errorOf(field) ? Intent.DANGER : Intent.NONE);
  const busy = formik.isSubmitting;
  const withVoice = formik.values.voice !== PROMPT_TEXT_ONLY;
  const keptHint = (field: 'apiKey' | 'voiceKey') => (editing && formik.values[field] === editing[field] && editing[field] ? t('prompts.form.secretKept') : undefined);

  const select = (field: 'model' | 'queueId' | 'voice', options: Array<{ value: string; label: string }>, helper?: string) => (
    <FormGroup label={label(field)} labelFor={`prompt-${field}`} helperText={errorOf(field) ?? helper} intent={intentOf(field)}>
      <HTMLSelect id={`prompt-${field}`} data-testid={`prompt-${field}`} fill name={field} value={formik.values[field]} onChange={formik.handleChange} onBlur={formik.handleBlur} disabled={busy} options={options} aria-invalid={errorOf(field) ? true : undefined} />
    </FormGroup>
  );

  return (
    <form onSubmit={formik.handleSubmit} noValidate data-testid="prompt-form">
      <DialogBody>
        <TextField id="prompt-name" label={label('name')} error={errorOf('name')} disabled={busy} {...formik.getFieldProps('name')} autoFocus />
        <FormGroup label={label('prompt')} labelFor="prompt-prompt" helperText={errorOf('prompt') ?? t('prompts.form.promptHint')} intent={intentOf('prompt')}>
          <TextArea id="prompt-prompt" data-testid="prompt-prompt" rows={10} fill {...formik.getFieldProps('prompt')} intent={intentOf('prompt')} aria-invalid={errorOf('prompt') ? true : undefined} disabled={busy} />
        </FormGroup>
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
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('prompts.form.cancel')} onClick={onClose} disabled={busy} data-testid="prompt-cancel" />
            <Button type="submit" intent={Intent.PRIMARY} text={t('prompts.form.save')} loading={busy} data-testid="prompt-submit" />
          </>
        }
      />
    </form>
  );
}
