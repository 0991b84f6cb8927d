import type { SubscriptionStatus } from '@atendo/contracts/billing';
import { Button, Card, Classes, H3, H5, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { permittedPage } from '../../app/permittedPage';
import { useCan } from '../../app/useCan';
import { formatDate } from '../../ui/dates';
import { LoadFailed } from '../../ui/LoadFailed';
import { formatBrl } from '../../ui/money';
import { useLoaded } from '../../ui/useLoaded';
import { billingApi } from './billingApi';
import { CheckoutDialog } from './CheckoutDialog';
import './billing.css';

/** /subscription (admins): the trial's days left or the due date, the plan, the billing e-mail; "sign now" pays the open invoice. */
export const SubscriptionPage = permittedPage('invoices:view', 'billing.noPermission', SubscriptionSummary);

function SubscriptionSummary() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { value: status, failed, reload } = useLoaded(billingApi.subscription);
  const [paying, setPaying] = useState<{ key: number; isOpen: boolean }>();

  let body;
  if (failed) body = <LoadFailed title={t('billing.subscription.loadFailed')} retryText={t('billing.subscription.retry')} onRetry={reload} retryTestId="subscription-retry" />;
  else if (!status) body = <NonIdealState icon={<Spinner />} />;
  else {
    const invoice = status.openInvoice;
    body = (
      <Card className="billing-subscription" data-testid="subscription">
        <DueLine status={status} />
        <dl className="billing-review">
          <div className="billing-review-row">
            <dt className={Classes.TEXT_MUTED}>{t('billing.subscription.plan')}</dt>
            <dd data-testid="subscription-plan">{status.planName ?? t('billing.subscription.noPlan')}</dd>
          </div>
          <div className="billing-review-row">
            <dt className={Classes.TEXT_MUTED}>{t('billing.subscription.value')}</dt>
            <dd data-testid="subscription-value">{status.value === null ? '—' : formatBrl(status.value)}</dd>
          </div>
          <div className="billing-review-row">
            <dt className={Classes.TEXT_MUTED}>{t('billing.subscription.billingEmail')}</dt>
            <dd data-testid="subscription-email">{status.billingEmail ?? t('billing.subscription.noEmail')}</dd>
          </div>
        </dl>
        {can('invoices:pay') &&
          (invoice ? (
            <Button intent={Intent.SUCCESS} size="large" icon="credit-card" text={t('billing.subscription.signNow')} onClick={() => setPaying((p) => ({ key: (p?.key ?? 0) + 1, isOpen: true }))} data-testid="subscription-sign" />
          ) : (
            <p className={Classes.TEXT_MUTED} data-testid="subscription-nothing-to-pay">
              {t('billing.subscription.noOpenInvoice')}
            </p>
          ))}
        {invoice && paying && <CheckoutDialog key={paying.key} isOpen={paying.isOpen} invoice={invoice} onClose={() => setPaying((p) => p && { ...p, isOpen: false })} />}
      </Card>
    );
  }
  return (
    <div className="shell-page billing-subscription-page" data-testid="page">
      <div className="billing-subscription-header">
        <H3>{t('billing.subscription.title')}</H3>
        <Button icon="dollar" text={t('billing.invoicesLink')} onClick={() => navigate('/financeiro')} data-testid="invoices-link" />
      </div>
      {body}
    </div>
  );
}

/** The trial's days left, or when the subscription is (or was) due. */
function DueLine({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  const { dueDate, daysLeft, trial, expired } = status;
  let text: string;
  if (!dueDate || daysLeft === null) text = t('billing.subscription.noDueDate');
  else if (trial) text = expired ? t('billing.subscription.trialEnded', { date: formatDate(dueDate) }) : t('billing.subscription.trialDaysLeft', { count: daysLeft });
  else text = expired ? t('billing.subscription.expiredOn', { date: formatDate(dueDate) }) : `${t('billing.subscription.dueOn', { date: formatDate(dueDate) })} · ${t('billing.subscription.daysLeft', { count: daysLeft })}`;
  return (
    <H5 className="billing-subscription-due">
      {trial && (
        <Tag intent={Intent.PRIMARY} className="billing-trial-tag">
          {t('billing.subscription.trial')}
        </Tag>
      )}
      <span data-testid="subscription-due" className={expired ? 'billing-expired-text' : undefined}>
        {text}
      </span>
    </H5>
  );
}
