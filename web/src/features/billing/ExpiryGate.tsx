import { Callout, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { onSubscriptionExpired } from '../../api/client';
import { userAtom } from '../../app/sessionAtoms';
import { useCan } from '../../app/useCan';
import { useFeed } from '../../realtime/useFeed';
import { formatDate } from '../../ui/dates';
import { isBillingPath, isExpired, useApplyRenewal } from './renewal';

/**
 * Around every private page. For an admin of a company past its due date, every page but billing's goes to
 * /financeiro, which says since when and that paying goes on; a 402 ERR_SUBSCRIPTION_EXPIRED answer anywhere sends the
 * admin there too, rather than ending the session (whoever cannot pay is signed out, as before). A payment on the
 * company's feed moves the session's due date.
 */
export function ExpiryGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const can = useCan();
  const mayPay = can('invoices:pay');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const applyRenewal = useApplyRenewal();
  useFeed('payment', applyRenewal);

  const latest = useRef({ mayPay, pathname });
  latest.current = { mayPay, pathname };
  useEffect(
    () =>
      onSubscriptionExpired(() => {
        if (!latest.current.mayPay) return false;
        if (!isBillingPath(latest.current.pathname)) navigate('/financeiro', { replace: true });
        return true;
      }),
    [navigate],
  );

  const dueDate = user?.company.dueDate;
  if (!mayPay || !isExpired(dueDate)) return children;
  if (!isBillingPath(pathname)) return <Navigate to="/financeiro" replace />;
  return (
    <div className="billing-expired-frame">
      <Callout intent={Intent.DANGER} icon="time" title={t('billing.expired.title')} className="billing-expired-banner" data-testid="billing-expired-banner">
        {t('billing.expired.text', { date: formatDate(dueDate!) })}
      </Callout>
      {children}
    </div>
  );
}
