import { helpChangesSchema, helpSchema, type Help, type HelpFields } from '@atendo/contracts';
import { Button, FormGroup, H5, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { helpsApi } from './helpsApi';

interface HelpFormProps {
  /** The entry being changed; none to add one. */
  editing: Help | undefined;
  onSaved(help: Help): void;
  onCancel(): void;
}

const FIELDS = ['title', 'video', 'description'] as const;

/** Changed fields only, trimmed as the schema trims them. */
function changesOf(values: HelpFields, help: Help): Partial<HelpFields> {
  const cast = helpChangesSchema.cast(values) as Partial<HelpFields>;
  return Object.fromEntries(FIELDS.filter((f) => cast[f] !== help[f]).map((f) => [f, cast[f]]));
}

/** Adds or changes a help entry (super users), with the rules of the contracts (helpSchema, helpChangesSchema). */
export function HelpForm({ editing, onSaved, onCancel }: HelpFormProps) {
  const { t } = useTranslation();
  const formik = useFormik<HelpFields>({
    initialValues: { title: editing?.title ?? '', video: editing?.video ?? '', description: editing?.description ?? '' },
    validate: validateWith<HelpFields>(editing ? helpChangesSchema : helpSchema),
    onSubmit: async (values, { resetForm, setErrors }) => {
      try {
        let saved: Help;
        if (editing) {
          const changes = changesOf(values, editing);
          saved = Object.keys(changes).length > 0 ? await helpsApi.update(editing.id, changes) : editing;
        } else {
          saved = await helpsApi.create(helpSchema.cast(values) as HelpFields);
          resetForm();
        }
        toastSuccess(t('helps.saved'));
        onSaved(saved);
      } catch (error) {
        // What the user typed stays; the refused fields say why.
        setErrors(serverFieldErrors(error));
        toastError(error);
      }
    },
  });

  const errorOf = (name: keyof HelpFields) => (formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined);
  const group = (name: keyof HelpFields, label: string, input: React.ReactNode) => {
    const error = errorOf(name);
    return (
      <FormGroup
        label={label}
        labelFor={`help-${name}`}
        helperText={error ? `${label} ${error}` : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
        className={`help-form-${name}`}
      >
        {input}
      </FormGroup>
    );
  };
  const inputProps = (name: keyof HelpFields) => ({
    id: `help-${name}`,
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    intent: errorOf(name) ? Intent.DANGER : Intent.NONE,
    'aria-invalid': errorOf(name) ? true : undefined,
    'data-testid': `help-${name}`,
  });

  return (
    <form className="help-form" onSubmit={formik.handleSubmit} noValidate data-testid="help-form">
      <H5>{editing ? t('helps.form.editTitle') : t('helps.form.addTitle')}</H5>
      <div className="help-form-fields">
        {group('title', t('helps.form.title'), <InputGroup {...inputProps('title')} />)}
        {group('video', t('helps.form.video'), <InputGroup {...inputProps('video')} placeholder={t('helps.form.videoHint')} />)}
        {group('description', t('helps.form.description'), <TextArea {...inputProps('description')} fill autoResize />)}
      </div>
      <div className="help-form-actions">
        {editing && <Button text={t('helps.form.cancel')} onClick={onCancel} data-testid="help-cancel" />}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={editing ? 'floppy-disk' : 'add'}
          text={editing ? t('helps.form.save') : t('helps.form.add')}
          loading={formik.isSubmitting}
          data-testid="help-submit"
        />
      </div>
    </form>
  );
}
