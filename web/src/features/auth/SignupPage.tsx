import { signUpSchema, TRIAL_DAYS, type Plan } from '@atendo/contracts';
import { Button, Callout, Card, Classes, FormGroup, H2, type InputGroupProps, Intent, RadioCard, RadioGroup, Spinner, Text } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/ApiError';
import { currentLanguage } from '../../i18n';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { errorMessage, toastError, toastSuccess } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
import { authApi } from './authApi';
import { maskPhone } from './phoneMask';
import './signup.css';

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
}

const LOCALES = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const;

/** Money in BRL with 2 decimals (spec §9), written the way the console's language writes numbers. */
export function formatBrl(value: number): string {
  return new Intl.NumberFormat(LOCALES[currentLanguage()], { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** The values as the contracts' schema reads them: no plan chosen is no plan, not plan 0. */
const asRequest = (values: Values) => ({ ...values, planId: values.planId === '' ? undefined : Number(values.planId) });

const validate = validateWith<Values>(signUpSchema, { prepare: asRequest });

/**
 * Sign-up (spec §2, §5, §7): a company on a trial with its first admin. The server sets the trial's due date, status
 * and recurrence; the form says who, how to reach them and which plan.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [plans, setPlans] = useState<Plan[]>();
  const [plansFailed, setPlansFailed] = useState(false);

  useEffect(() => {
    let current = true;
    authApi.plans().then(
      (list) => current && setPlans(list),
      () => current && setPlansFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const formik = useFormik<Values>({
    initialValues: { name: '', email: '', phone: '', password: '', planId: '' },
    validate,
    validateOnBlur: false,
    onSubmit: async (values, { setErrors }) => {
      try {
        await authApi.signUp(signUpSchema.cast(asRequest(values), { stripUnknown: true }));
        toastSuccess(t('signup.success'));
        navigate('/login', { replace: true });
      } catch (error) {
        // What the user typed stays; the refusal goes next to the field it is about.
        if (error instanceof ApiError && error.code === 'ERR_USER_EMAIL_ALREADY_EXISTS') setErrors({ email: errorMessage(error) });
        else if (Object.keys(serverFieldErrors(error)).length > 0) setErrors(serverFieldErrors(error));
        else toastError(error);
      }
    },
  });

  const errorOf = (name: keyof Values) => (formik.touched[name] ? formik.errors[name] : undefined);

  const field = (name: Exclude<keyof Values, 'planId'>, props: Partial<InputGroupProps> = {}) => (
    <TextField id={`signup-${name}`} label={t(`signup.${name}`)} error={errorOf(name)} {...formik.getFieldProps(name)} {...props} />
  );

  const planError = errorOf('planId');

  return (
    <main className="login-page" data-testid="page">
      <Card elevation={2} className="login-card signup-card">
        <div className="login-heading">
          <H2>{t('signup.title')}</H2>
          <LanguageSelect />
        </div>
        <Text tagName="p" className={Classes.TEXT_MUTED}>
          {t('signup.trial', { count: TRIAL_DAYS })}
        </Text>
        <form onSubmit={formik.handleSubmit} noValidate data-testid="signup-form">
          {field('name', { autoComplete: 'name', autoFocus: true })}
          {field('email', { type: 'email', autoComplete: 'email' })}
          {field('phone', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            placeholder: '(99) 99999-9999',
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => void formik.setFieldValue('phone', maskPhone(event.currentTarget.value)),
          })}
          {field('password', { type: 'password', autoComplete: 'new-password' })}
          <FormGroup label={t('signup.plan')} helperText={planError} intent={planError ? Intent.DANGER : Intent.NONE}>
            {plans === undefined && !plansFailed && <Spinner size={20} aria-label={t('app.loading')} />}
            {plansFailed && (
              <Callout intent={Intent.WARNING} data-testid="signup-plans-error">
                {t('signup.plansFailed')}
              </Callout>
            )}
            {plans?.length === 0 && <Callout data-testid="signup-no-plans">{t('signup.noPlans')}</Callout>}
            {plans && plans.length > 0 && (
              <RadioGroup
                name="planId"
                selectedValue={formik.values.planId}
                onChange={(event) => void formik.setFieldValue('planId', event.currentTarget.value)}
                className="signup-plans"
              >
                {plans.map((plan) => (
                  <RadioCard key={plan.id} value={String(plan.id)} compact className="signup-plan" data-testid="signup-plan" inputProps={{ 'aria-label': plan.name }}>
                    <span className="signup-plan-head">
                      <strong>{plan.name}</strong>
                      <span>{t('signup.perMonth', { value: formatBrl(plan.value) })}</span>
                    </span>
                    <span className={Classes.TEXT_MUTED}>
                      {[
                        t('signup.users', { count: plan.users }),
                        t('signup.connections', { count: plan.connections }),
                        t('signup.queues', { count: plan.queues }),
                      ].join(' · ')}
                    </span>
                  </RadioCard>
                ))}
              </RadioGroup>
            )}
          </FormGroup>
          <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={formik.isSubmitting} text={t('signup.submit')} data-testid="signup-submit" />
        </form>
        <p className="login-links">
          <Link to="/login" data-testid="login-link">
            {t('signup.backToLogin')}
          </Link>
        </p>
      </Card>
      <footer className={Classes.TEXT_MUTED}>{t('login.copyright', { year: new Date().getFullYear() })}</footer>
    </main>
  );
}
