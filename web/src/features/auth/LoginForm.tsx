import type { LoginRequest } from '@atendo/contracts';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ApiError } from '../../api/ApiError';
import { formatDate } from '../../ui/dates';
import { errorMessage } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';

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

  return (
    <form onSubmit={formik.handleSubmit} noValidate>
      <TextField id="login-email" label={t('login.email')} error={fieldError('email')} type="email" autoComplete="email" autoFocus size="large" {...formik.getFieldProps('email')} />
      <TextField
        id="login-password"
        label={t('login.password')}
        error={fieldError('password')}
        type="password"
        autoComplete="current-password"
        size="large"
        {...formik.getFieldProps('password')}
      />
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
