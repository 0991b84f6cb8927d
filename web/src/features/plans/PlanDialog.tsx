import { planSchemas, type Plan } from '@atendo/contracts';
import { H6, type InputGroupProps, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { consolePlanFlagNames, consolePlanFlags, planFlagLabel } from '../../app/planFlags';
import { planBody, formValues, type PlanFormValues } from './planForm';
import { plansApi } from './plansApi';

interface Props {
  /** The plan to edit; none: a new one. */
  plan: Plan | undefined;
  onClose(): void;
  onSaved(plan: Plan): void;
}

type TextName = 'name' | 'users' | 'connections' | 'queues' | 'value' | 'storageMb';

/**
 * Adds or edits a plan with the shared schemas of the console's plan flags (`planSchemas`), one switch per flag with
 * its declared label; a refusal keeps what was typed.
 */
export function PlanDialog({ plan, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const adding = plan === undefined;
  const schemas = planSchemas(consolePlanFlags());
  const schema = adding ? schemas.create : schemas.changes;

  const { formik, errorOf } = useRecordForm<PlanFormValues, Plan>({
    initialValues: formValues(plan),
    validate: validateWith<PlanFormValues>(schema, { prepare: planBody }),
    save: (values) => (adding ? plansApi.add(planBody(values)) : plansApi.change(plan.id, planBody(values))),
    savedText: t('plans.saved'),
    onSaved,
    refusal: { show: 'fields and toast' },
  });

  const text = (name: TextName, props: Partial<InputGroupProps> = {}, helper?: string) => (
    <TextField
      id={`plan-${name}`}
      label={t(`plans.form.${name}`)}
      error={errorOf(name)}
      helper={helper}
      {...formik.getFieldProps(name)}
      {...props}
    />
  );

  return (
    <FormDialog
      form={formik}
      onClose={onClose}
      whileSaving="open"
      title={t(adding ? 'plans.form.addTitle' : 'plans.form.editTitle')}
      icon="box"
      className="settings-dialog"
      testIds={{ form: 'plan-dialog', cancel: 'plan-cancel', submit: 'plan-save' }}
      cancelText={t('plans.cancel')}
      saveText={t('plans.form.save')}
    >
      {text('name', { autoFocus: true })}
      <div className="settings-form-grid">
        {text('users', { inputMode: 'numeric' })}
        {text('connections', { inputMode: 'numeric' })}
        {text('queues', { inputMode: 'numeric' })}
        {text('value', { inputMode: 'decimal' }, t('plans.form.valueHelp'))}
        {text('storageMb', { inputMode: 'numeric' }, t('plans.form.storageMbHelp'))}
      </div>
      <H6>{t('plans.form.features')}</H6>
      <div className="settings-switches">
        {consolePlanFlagNames().map((flag) => (
          <Switch key={flag} name={flag} data-testid={`plan-${flag}`} checked={formik.values[flag]} onChange={formik.handleChange} label={planFlagLabel(flag, i18n.language)} />
        ))}
      </div>
    </FormDialog>
  );
}
