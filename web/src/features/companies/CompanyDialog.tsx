import { companyChangesSchema, companySchema, RECURRENCES, type Company, type Plan } from '@atendo/contracts';
import { H6, type InputGroupProps, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { companiesApi } from './companiesApi';
import { companyBody, dueDateOf, formValues, type CompanyFormValues } from './companyForm';

interface Props {
  /** The company to edit; none: a new one. */
  company: Company | undefined;
  plans: Plan[];
  onClose(): void;
  onSaved(company: Company): void;
}

type TextName = Exclude<keyof CompanyFormValues, 'status' | 'planId' | 'recurrence'>;

/** Adds or edits a company with the shared schemas (companySchema, companyChangesSchema); a refusal keeps what was typed. */
export function CompanyDialog({ company, plans, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const adding = company === undefined;
  const schema = adding ? companySchema : companyChangesSchema;

  const { formik, errorOf } = useRecordForm<CompanyFormValues, Company>({
    initialValues: formValues(company, plans),
    validate: validateWith<CompanyFormValues>(schema, { prepare: (values) => companyBody(values, adding) }),
    save: (values) => (adding ? companiesApi.add(companyBody(values, adding)) : companiesApi.change(company.id, companyBody(values, adding))),
    savedText: t('companies.saved'),
    onSaved,
    refusal: { show: 'fields and toast' },
  });

  const text = (name: TextName, props: Partial<InputGroupProps> = {}, helper?: string) => (
    <TextField id={`company-${name}`} label={t(`companies.form.${name}`)} error={errorOf(name)} helper={helper} {...formik.getFieldProps(name)} {...props} />
  );

  return (
    <FormDialog
      form={formik}
      onClose={onClose}
      whileSaving="open"
      title={t(adding ? 'companies.form.addTitle' : 'companies.form.editTitle')}
      icon="office"
      className="settings-dialog"
      testIds={{ form: 'company-dialog', cancel: 'company-cancel', submit: 'company-save' }}
      cancelText={t('companies.cancel')}
      saveText={t('companies.form.save')}
    >
      <div className="settings-form-grid">
        {text('name', { autoFocus: true })}
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        <SelectField
          id="company-planId"
          name="planId"
          label={t('companies.form.plan')}
          error={errorOf('planId')}
          value={formik.values.planId}
          onChange={formik.handleChange}
          options={[{ value: '', label: t('companies.form.choosePlan'), disabled: true }, ...plans.map((plan) => ({ value: String(plan.id), label: plan.name }))]}
        />
        {text(
          'dueDate',
          { placeholder: t('companies.form.dueDatePlaceholder'), inputMode: 'numeric', maxLength: 10 },
          // Spec §5 sends an invalid date as none: say so before it is saved.
          formik.values.dueDate.trim() !== '' && dueDateOf(formik.values.dueDate) === null ? t('companies.form.dueDateInvalid') : t('companies.form.dueDateHelp'),
        )}
        <SelectField id="company-recurrence" name="recurrence" label={t('companies.form.recurrence')} value={formik.values.recurrence} onChange={formik.handleChange} options={RECURRENCES.map((value) => ({ value, label: t(`companies.recurrences.${value}`) }))} />
        {adding && text('password', { type: 'password', autoComplete: 'new-password' }, t('companies.form.passwordHelp'))}
      </div>
      <Switch
        name="status"
        data-testid="company-status"
        checked={formik.values.status}
        onChange={formik.handleChange}
        label={t('companies.form.status')}
      />
      <H6 className="settings-form-section">{t('companies.form.billing')}</H6>
      <div className="settings-form-grid">
        {text('billingName')}
        {text('addressZipCode')}
        {text('addressStreet')}
        {text('addressDistrict')}
        {text('addressCity')}
        {text('addressState')}
      </div>
    </FormDialog>
  );
}
