import { PLAN_FEATURES, planChangesSchema, planSchema, type Plan } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, H6, type InputGroupProps, Intent, Switch } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { planBody, formValues, type PlanFormValues } from './planForm';
import { plansApi } from './plansApi';

interface Props {
  /** The plan to edit; none: a new one. */
  plan: Plan | undefined;
  onClose(): void;
  onSaved(plan: Plan): void;
}

type TextName = 'name' | 'users' | 'connections' | 'queues' | 'value' | 'storageMb';

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

  const text = (name: TextName, props: Partial<InputGroupProps> = {}, helper?: string) => (
    <TextField
      id={`plan-${name}`}
      label={t(`plans.form.${name}`)}
      error={formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined}
      helper={helper}
      {...formik.getFieldProps(name)}
      {...props}
    />
  );

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
            {text('storageMb', { inputMode: 'numeric' }, t('plans.form.storageMbHelp'))}
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
