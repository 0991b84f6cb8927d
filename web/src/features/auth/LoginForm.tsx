import type { LoginRequest } from '@atendo/contracts';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ApiError } from '../../api/ApiError';
import { formatDate } from '../../ui/dates';
import { errorMessage } from '../../ui/toaster';

interface LoginFormProps {
  onSubmit(credentials: LoginRequest): Promise<unknown>;
}

function dateOf(details: unknown, field: 'dueDate' | 'disabledAt'): string | undefined {
  const date = (details as Record<string, unknown> | undefined)?.[field];
  return typeof date === 'string' ? date : undefined;
}

export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string>();

  const schema = useMemo(
    () =>
      yup.object({
        email: yup.string().trim().required(t('login.emailRequired')).email(t('login.emailInvalid')),
        password: yup.string().required(t('login.passwordRequired')),
      }),
    [t],
  );

  const refusalMessage = (error: unknown): string => {
    const dueDate = error instanceof ApiError && error.code === 'ERR_SUBSCRIPTION_EXPIRED' ? dateOf(error.details, 'dueDate') : undefined;
    if (dueDate) return t('login.subscriptionExpired', { date: formatDate(dueDate) });
    const disabledAt = error instanceof ApiError && error.code === 'ERR_COMPANY_DISABLED' ? dateOf(error.details, 'disabledAt') : undefined;
    return disabledAt ? t('login.companyDisabled', { date: formatDate(disabledAt) }) : errorMessage(error);
  };

  const formik = useFormik<LoginRequest>({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    // Leaving an empty field says nothing yet: a message appearing on blur moved the links below under the pointer.
    validateOnBlur: false,
    onSubmit: async (values) => {
      setRefusal(undefined);
      try {
        await onSubmit({ email: values.email.trim(), password: values.password });
      } catch (error) {
        setRefusal(refusalMessage(error));
      }
    },
  });

  const fieldError = (field: keyof LoginRequest) => (formik.touched[field] ? formik.errors[field] : undefined);
  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  return (
    <form onSubmit={formik.handleSubmit} noValidate>
      <FormGroup label={t('login.email')} labelFor="login-email" helperText={emailError} intent={emailError ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id="login-email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          size="large"
          data-testid="login-email"
          value={formik.values.email}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          intent={emailError ? Intent.DANGER : Intent.NONE}
          aria-invalid={emailError ? true : undefined}
        />
      </FormGroup>
      <FormGroup
        label={t('login.password')}
        labelFor="login-password"
        helperText={passwordError}
        intent={passwordError ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          size="large"
          data-testid="login-password"
          value={formik.values.password}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          intent={passwordError ? Intent.DANGER : Intent.NONE}
          aria-invalid={passwordError ? true : undefined}
        />
      </FormGroup>
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" className="login-refusal">
          {refusal}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        size="large"
        fill
        loading={formik.isSubmitting}
        text={t('login.submit')}
        data-testid="login-submit"
      />
    </form>
  );
}
