import { Button, Callout, H5, Intent, Spinner, Switch } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { LoadFailed } from '../../ui/LoadFailed';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useLoaded } from '../../ui/useLoaded';
import { useRecordForm } from '../../ui/useRecordForm';
import { billingApi } from './billingApi';
import { emptyProvider, providerBody, providerSchema, type ProviderField, type ProviderState, type ProviderValues } from './providerForm';
import './billing.css';

/** Whether the credentials are set, and the end of the client id when the server gives it. */
function ProviderStatus({ state }: { state: ProviderState }) {
  const { t } = useTranslation();
  if (!state.set) {
    return (
      <Callout intent={Intent.WARNING} icon="key" data-testid="provider-status" data-set="false">
        {t('billing.provider.notSet')}
      </Callout>
    );
  }
  return (
    <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="provider-status" data-set="true">
      {state.hint ? t('billing.provider.setWithHint', { hint: state.hint }) : t('billing.provider.set')}
    </Callout>
  );
}

/**
 * The settings page's payment provider tab (super users, `billing:provider`): whether the provider's credentials are
 * stored, and a form that replaces them. The form always starts empty: the server never gives a stored secret back,
 * and what was sent is cleared once it is stored.
 */
export function ProviderTab() {
  const { t } = useTranslation();
  const read = useCallback(() => billingApi.provider(), []);
  const state = useLoaded(read);
  const label = (field: ProviderField) => t(`billing.provider.fields.${field}`);

  const { formik, errorOf } = useRecordForm<ProviderValues, ProviderState>({
    initialValues: emptyProvider,
    validate: validateWith<ProviderValues>(providerSchema, { describe: (field, text) => `${label(field as ProviderField)} ${text}` }),
    save: async (values, { resetForm }) => {
      const stored = await billingApi.setProvider(providerBody(values));
      resetForm();
      return stored;
    },
    savedText: t('billing.provider.saved'),
    onSaved: (stored) => state.setValue(stored),
    refusal: { describe: (field, text) => `${label(field as ProviderField)} ${text}` },
  });

  const secret = (name: 'clientSecret') => (
    <TextField id={`provider-${name}`} label={label(name)} type="password" autoComplete="new-password" error={errorOf(name)} {...formik.getFieldProps(name)} />
  );
  const area = (name: 'certificatePem' | 'keyPem') => (
    <TextAreaField
      id={`provider-${name}`}
      label={label(name)}
      placeholder={t(`billing.provider.placeholders.${name}`)}
      error={errorOf(name)}
      spellCheck={false}
      className="billing-provider-pem"
      {...formik.getFieldProps(name)}
    />
  );

  let status;
  if (state.value) status = <ProviderStatus state={state.value} />;
  else if (state.failed) status = <LoadFailed title={t('billing.provider.loadFailed')} retryText={t('billing.provider.retry')} onRetry={state.reload} retryTestId="provider-retry" />;
  else status = <Spinner size={24} />;

  return (
    <div className="billing-provider-tab" data-testid="provider-tab">
      <H5>{t('billing.provider.title')}</H5>
      <p>{t('billing.provider.intro')}</p>
      {status}
      <form className="billing-provider-form" onSubmit={formik.handleSubmit} noValidate data-testid="provider-form" autoComplete="off">
        <TextField id="provider-clientId" label={label('clientId')} error={errorOf('clientId')} autoComplete="off" {...formik.getFieldProps('clientId')} />
        {secret('clientSecret')}
        {area('certificatePem')}
        {area('keyPem')}
        <TextField id="provider-pixKey" label={label('pixKey')} error={errorOf('pixKey')} autoComplete="off" {...formik.getFieldProps('pixKey')} />
        <Switch label={t('billing.provider.fields.sandbox')} {...formik.getFieldProps({ name: 'sandbox', type: 'checkbox' })} data-testid="provider-sandbox" />
        <p className="billing-provider-note">{t('billing.provider.replaceNote')}</p>
        <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t('billing.provider.save')} loading={formik.isSubmitting} data-testid="provider-submit" />
      </form>
    </div>
  );
}
