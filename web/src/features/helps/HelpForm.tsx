import { helpChangesSchema, helpSchema, type Help, type HelpFields } from '@atendo/contracts';
import { Button, H5, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
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
  const { formik, errorOf } = useRecordForm<HelpFields, Help>({
    initialValues: { title: editing?.title ?? '', video: editing?.video ?? '', description: editing?.description ?? '' },
    validate: validateWith<HelpFields>(editing ? helpChangesSchema : helpSchema),
    save: async (values, { resetForm }) => {
      if (editing) {
        const changes = changesOf(values, editing);
        return Object.keys(changes).length > 0 ? helpsApi.update(editing.id, changes) : editing;
      }
      const saved = await helpsApi.create(helpSchema.cast(values) as HelpFields);
      resetForm();
      return saved;
    },
    savedText: t('helps.saved'),
    onSaved,
    refusal: { show: 'fields and toast' },
  });

  /** A refused field says so with its label: "Title is required". */
  const errorText = (name: keyof HelpFields, label: string) => {
    const error = errorOf(name);
    return error ? `${label} ${error}` : undefined;
  };
  const text = (name: 'title' | 'video', label: string, placeholder?: string) => (
    <TextField id={`help-${name}`} label={label} error={errorText(name, label)} placeholder={placeholder} {...formik.getFieldProps(name)} />
  );

  return (
    <form className="help-form" onSubmit={formik.handleSubmit} noValidate data-testid="help-form">
      <H5>{editing ? t('helps.form.editTitle') : t('helps.form.addTitle')}</H5>
      <div className="help-form-fields">
        {text('title', t('helps.form.title'))}
        {text('video', t('helps.form.video'), t('helps.form.videoHint'))}
        <TextAreaField
          id="help-description"
          label={t('helps.form.description')}
          error={errorText('description', t('helps.form.description'))}
          groupClassName="help-form-description"
          {...formik.getFieldProps('description')}
        />
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
