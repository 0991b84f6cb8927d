import { CHECKOUT_COUNTRIES, checkoutDataSchema, type Invoice, type Payment } from '@atendo/contracts/billing';
import type { Plan } from '@atendo/contracts';
import { Button, Callout, Checkbox, Classes, DialogBody, DialogFooter, Intent, NonIdealState, RadioCard, RadioGroup, Spinner } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../ui/LoadFailed';
import { formatBrl } from '../../ui/money';
import { SelectField, selectFieldProps } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { validateWith } from '../../ui/formErrors';
import { useLoaded } from '../../ui/useLoaded';
import { useRecordForm } from '../../ui/useRecordForm';
import { billingApi } from './billingApi';
import { checkoutData, checkoutPayload, DATA_FIELDS, emptyCheckout, FIRST_STEP, STEP_NAMES, type CheckoutStep, type CheckoutValues } from './checkoutForm';

/** The plans to choose from and the company's current one (the choice it starts on); without the latter, the first plan. */
const readChoices = () => Promise.all([billingApi.plans(), billingApi.subscription().then((s) => s.planId, () => null)]);

interface CheckoutWizardProps {
  invoice: Invoice;
  onPaid(payment: Payment): void;
  onCancel(): void;
}

/** Loads what the wizard offers, then shows it. */
export function CheckoutWizard(props: CheckoutWizardProps) {
  const { t } = useTranslation();
  const { value, failed, reload } = useLoaded(readChoices);
  if (failed) return <LoadFailed title={t('billing.checkout.plansFailed')} retryText={t('billing.checkout.retry')} onRetry={reload} retryTestId="checkout-retry" />;
  if (!value) return <NonIdealState icon={<Spinner size={24} />} title={t('billing.checkout.plansLoading')} />;
  const [plans, currentPlanId] = value;
  const startPlan = plans.find((plan) => plan.id === currentPlanId) ?? plans[0];
  return <CheckoutSteps {...props} plans={plans} startPlanId={startPlan?.id ?? null} />;
}

const dataTouched = Object.fromEntries(DATA_FIELDS.map((field) => [field, true]));

/**
 * Spec §4 checkout: 0 your details, 1 plan choice (it starts here), 2 review; paying posts the checkout. The details
 * are checked with the contracts' schema before the review, the plan must be one of the list.
 */
function CheckoutSteps({ invoice, plans, startPlanId, onPaid, onCancel }: CheckoutWizardProps & { plans: Plan[]; startPlanId: number | null }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<CheckoutStep>(FIRST_STEP);
  const [dataFirst, setDataFirst] = useState(false);
  // The schema's rules worded with the field's name ("City is required"), in the console's language.
  const describe = (field: string, message: string) => t('billing.checkout.fieldError', { field: t(`billing.checkout.${field as (typeof DATA_FIELDS)[number]}`), message });
  const validate = validateWith<CheckoutValues>(checkoutDataSchema, { prepare: checkoutData, describe });
  const planOf = (values: CheckoutValues) => plans.find((plan) => String(plan.id) === values.planId);
  const { formik, errorOf } = useRecordForm<CheckoutValues, Payment>({
    initialValues: emptyCheckout(startPlanId),
    validate,
    save: (values) => billingApi.checkout(checkoutPayload(values, planOf(values)!, invoice)),
    onSaved: onPaid,
  });
  const plan = planOf(formik.values);

  const dataValid = async () => Object.keys(await formik.validateForm()).length === 0;
  const next = async () => {
    if (step === 1) {
      if (await dataValid()) return setStep(2);
      setDataFirst(true);
      return setStep(0);
    }
    if (await dataValid()) {
      setDataFirst(false);
      return setStep(2);
    }
    void formik.setTouched(dataTouched, false);
  };
  const back = () => setStep(step === 2 ? 1 : 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 2) formik.handleSubmit();
    else void next();
  };
  const field = (name: (typeof DATA_FIELDS)[number], required = false) => (
    <TextField id={`checkout-${name}`} label={required ? <Required text={t(`billing.checkout.${name}`)} /> : t(`billing.checkout.${name}`)} error={errorOf(name)} {...formik.getFieldProps(name)} />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="checkout-form" data-step={step}>
      <DialogBody>
        <p className={Classes.TEXT_MUTED} data-testid="checkout-invoice">
          {t('billing.checkout.invoice', { id: invoice.id, detail: invoice.detail })}
        </p>
        <ol className="billing-steps" aria-label={t('billing.checkout.title')}>
          {STEP_NAMES.map((name, index) => (
            <li key={name} className={index === step ? 'billing-step-current' : undefined} aria-current={index === step ? 'step' : undefined} data-testid={`checkout-step-${name}`}>
              <span className="billing-step-number">{index + 1}</span>
              {t(`billing.checkout.steps.${name}`)}
            </li>
          ))}
        </ol>
        {step === 0 && (
          <div className="billing-data" data-testid="checkout-data">
            {dataFirst && (
              <Callout intent={Intent.PRIMARY} className="billing-data-first" data-testid="checkout-data-first">
                {t('billing.checkout.dataFirst')}
              </Callout>
            )}
            <div className="billing-data-grid">
              {field('firstName', true)}
              {field('lastName')}
              {field('address2', true)}
              {field('city', true)}
              {field('state')}
              {field('zipcode', true)}
            </div>
            <SelectField id="checkout-country" label={<Required text={t('billing.checkout.country')} />} error={errorOf('country')} {...selectFieldProps(formik.getFieldProps('country'))}>
              {CHECKOUT_COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {t(`billing.checkout.countries.${country}`)}
                </option>
              ))}
            </SelectField>
            <Checkbox label={t('billing.checkout.useAddressForPaymentDetails')} {...formik.getFieldProps({ name: 'useAddressForPaymentDetails', type: 'checkbox' })} data-testid="checkout-useAddress" />
          </div>
        )}
        {step === 1 &&
          (plans.length === 0 ? (
            <Callout data-testid="checkout-no-plans">{t('billing.checkout.noPlans')}</Callout>
          ) : (
            <RadioGroup name="planId" selectedValue={formik.values.planId} onChange={(event) => void formik.setFieldValue('planId', event.currentTarget.value)} className="billing-plans">
              {plans.map((choice) => (
                <RadioCard key={choice.id} value={String(choice.id)} compact className="billing-plan" data-testid="checkout-plan" inputProps={{ 'aria-label': choice.name }}>
                  <span className="billing-plan-head">
                    <strong>{choice.name}</strong>
                    <span>{formatBrl(choice.value)}</span>
                  </span>
                  <span className={Classes.TEXT_MUTED}>
                    {t('billing.checkout.users', { count: choice.users })} · {t('billing.checkout.connections', { count: choice.connections })}
                  </span>
                </RadioCard>
              ))}
            </RadioGroup>
          ))}
        {step === 2 && plan && <CheckoutReview values={formik.values} plan={plan} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('billing.checkout.close')} onClick={onCancel} disabled={formik.isSubmitting} data-testid="checkout-cancel" />
            {step > 0 && <Button icon="arrow-left" text={t('billing.checkout.back')} onClick={back} disabled={formik.isSubmitting} data-testid="checkout-back" />}
            {step < 2 ? (
              <Button type="submit" intent={Intent.PRIMARY} endIcon="arrow-right" text={t('billing.checkout.next')} disabled={!plan} data-testid="checkout-next" />
            ) : (
              <Button type="submit" intent={Intent.SUCCESS} icon="tick" text={t('billing.checkout.pay')} loading={formik.isSubmitting} data-testid="checkout-pay" />
            )}
          </>
        }
      />
    </form>
  );
}

/** A required field's label: its name and a star. */
function Required({ text }: { text: string }) {
  return (
    <>
      {text} <span className={Classes.TEXT_MUTED}>*</span>
    </>
  );
}

/** Step 2: who pays, where, which plan and how much. */
function CheckoutReview({ values, plan }: { values: CheckoutValues; plan: Plan }) {
  const { t } = useTranslation();
  const place = [values.address2, values.city, values.state, values.zipcode].map((part) => part.trim()).filter(Boolean).join(', ');
  const rows = [
    ['customer', `${values.firstName} ${values.lastName}`.trim()],
    ['address', `${place} · ${t(`billing.checkout.countries.${values.country}`)}`],
    ['plan', `${plan.name} · ${t('billing.checkout.users', { count: plan.users })} · ${t('billing.checkout.connections', { count: plan.connections })}`],
    ['total', formatBrl(plan.value)],
  ] as const;
  return (
    <dl className="billing-review" data-testid="checkout-review">
      {rows.map(([key, text]) => (
        <div key={key} className="billing-review-row">
          <dt className={Classes.TEXT_MUTED}>{t(`billing.checkout.review.${key}`)}</dt>
          <dd data-testid={`checkout-review-${key}`}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
