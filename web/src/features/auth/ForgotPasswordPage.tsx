import { passwordSchema } from '@atendo/contracts';
import { Button, Callout, Card, Classes, H2, type InputGroupProps, Intent, Text } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { errorMessage, toastSuccess } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
import { authApi } from './authApi';

interface Values {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * Password reset (spec: e-mail step, then code step, then login): the e-mailed six-digit code and a new password with
 * an upper-case letter, a lower-case letter and a digit, at least 8 characters — the rule the server checks too.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const schema = useMemo(
    () =>
      yup.object({
        email: yup.string().trim().required(t('login.emailRequired')).email(t('login.emailInvalid')),
        code: sentTo ? yup.string().required(t('forgot.codeRequired')).matches(/^\d{6}$/, t('forgot.codeInvalid')) : yup.string(),
        // The server's rule (contracts), worded for this form.
        password: sentTo ? yup.string().test('strong', t('forgot.passwordRule'), (v) => passwordSchema().required().isValidSync(v)) : yup.string(),
        confirm: sentTo ? yup.string().oneOf([yup.ref('password')], t('forgot.confirmDiffers')).required(t('forgot.confirmDiffers')) : yup.string(),
      }),
    [sentTo, t],
  );

  const formik = useFormik<Values>({
    initialValues: { email: '', code: '', password: '', confirm: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      setRefusal(undefined);
      const email = values.email.trim();
      try {
        if (!sentTo) {
          await authApi.forgotPassword(email);
          setSentTo(email);
          toastSuccess(t('forgot.sent', { email }));
          return;
        }
        await authApi.resetPassword(email, values.code, values.password);
        toastSuccess(t('forgot.updated'));
        navigate('/login', { replace: true });
      } catch (error) {
        setRefusal(errorMessage(error));
      }
    },
  });

  const field = (name: keyof Values, label: string, props: Partial<InputGroupProps> = {}) => (
    <TextField id={`forgot-${name}`} label={label} size="large" error={formik.touched[name] ? formik.errors[name] : undefined} {...formik.getFieldProps(name)} {...props} />
  );

  return (
    <main className="login-page" data-testid="page">
      <Card elevation={2} className="login-card">
        <div className="login-heading">
          <H2>{t('forgot.title')}</H2>
          <LanguageSelect />
        </div>
        <Text tagName="p" className={Classes.TEXT_MUTED}>
          {sentTo ? t('forgot.codeStep', { email: sentTo }) : t('forgot.emailStep')}
        </Text>
        <form onSubmit={formik.handleSubmit} noValidate>
          {field('email', t('login.email'), { type: 'email', autoComplete: 'email', autoFocus: true, readOnly: !!sentTo })}
          {sentTo && (
            <>
              {field('code', t('forgot.code'), { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, autoFocus: true })}
              {field('password', t('forgot.newPassword'), { type: 'password', autoComplete: 'new-password' })}
              {field('confirm', t('forgot.confirm'), { type: 'password', autoComplete: 'new-password' })}
            </>
          )}
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" className="login-refusal" data-testid="forgot-refusal">
              {refusal}
            </Callout>
          )}
          <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={formik.isSubmitting} text={sentTo ? t('forgot.reset') : t('forgot.send')} data-testid="forgot-submit" />
        </form>
        <p className="login-links">
          <Link to="/login">{t('forgot.back')}</Link>
        </p>
      </Card>
    </main>
  );
}
