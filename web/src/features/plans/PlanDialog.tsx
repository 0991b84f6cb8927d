import { PLAN_FEATURES, planChangesSchema, planSchema, type Plan } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H6, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { planBody, formValues, type PlanFormValues } from './planForm';
import { plansApi } from './plansApi';

interface Props {
  /** The plan to edit; none: a new one. */
  plan: Plan | undefined;
  onClose(): void;
  onSaved(plan: Plan): void;
}

type TextField = 'name' | 'users' | 'connections' | 'queues' | 'value';

/** Adds or edits a plan with the shared schemas (planSchema, planChangesSchema); a refusal keeps what was typed. */
export function PlanDialog({ plan, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const adding = plan === undefined;
  const schema = adding ? planSchema : planChangesSchema;

  const formik = useFormik<PlanFormValues>({
    initialValues: formValues(plan),
    validate: validateWith<PlanFormValues>(schema, { prepare: planBody }),
    onSubmit: async (values, { setErrors }) => {
      try {
        const body = planBody(values);
        const saved = adding ? await plansApi.add(body) : await plansApi.change(plan.id, body);
        toastSuccess(t('plans.saved'));
        onSaved(saved);
      } catch (error) {
        setErrors(serverFieldErrors<PlanFormValues>(error));
        toastError(error);
      }
    },
  });

  const text = (name: TextField, props: Partial<React.ComponentProps<typeof InputGroup>> = {}, helper?: string) => {
    const error = formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;
    return (
      <FormGroup label={t(`plans.form.${name}`)} labelFor={`plan-${name}`} helperText={error ?? helper} intent={error ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id={`plan-${name}`}
          name={name}
          data-testid={`plan-${name}`}
          value={formik.values[name]}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={error ? true : undefined}
          {...props}
        />
      </FormGroup>
    );
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(adding ? 'plans.form.addTitle' : 'plans.form.editTitle')} icon="box" className="settings-dialog">
      <form onSubmit={formik.handleSubmit} noValidate data-testid="plan-dialog">
        <DialogBody>
          {text('name', { autoFocus: true })}
          <div className="settings-form-grid">
            {text('users', { inputMode: 'numeric' })}
            {text('connections', { inputMode: 'numeric' })}
            {text('queues', { inputMode: 'numeric' })}
            {text('value', { inputMode: 'decimal' }, t('plans.form.valueHelp'))}
          </div>
          <H6>{t('plans.form.features')}</H6>
          <div className="settings-switches">
            {PLAN_FEATURES.map((flag) => (
              <Switch key={flag} name={flag} data-testid={`plan-${flag}`} checked={formik.values[flag]} onChange={formik.handleChange} label={t(`plans.features.${flag}`)} />
            ))}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('plans.cancel')} onClick={onClose} data-testid="plan-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('plans.form.save')} loading={formik.isSubmitting} data-testid="plan-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
