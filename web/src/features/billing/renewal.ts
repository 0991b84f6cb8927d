import type { PaymentFeedPayload } from '@atendo/contracts/billing';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { storeCompanyDueDate } from '../../api/session';
import { userAtom } from '../../app/sessionAtoms';

/** Billing's pages are open to an expired company: everything else sends its admin to the invoices. */
const BILLING_PATHS: readonly string[] = ['/financeiro', '/subscription'];

export const isBillingPath = (pathname: string) => BILLING_PATHS.includes(pathname);

/** Whether a company's due date has passed (a company without one never expires). */
export function isExpired(dueDate: string | null | undefined, now = Date.now()): boolean {
  return !!dueDate && new Date(dueDate).getTime() < now;
}

/**
 * A payment moved the company's due date: the session's company (what the top bar shows, what the expiry gate reads)
 * and the stored `companyDueDate` take the new one.
 */
export function useApplyRenewal(): (payload: PaymentFeedPayload) => void {
  const setUser = useSetAtom(userAtom);
  return useCallback(
    ({ company }: PaymentFeedPayload) => {
      storeCompanyDueDate(company.dueDate);
      setUser((user) => (user && user.companyId === company.id ? { ...user, company: { ...user.company, dueDate: company.dueDate } } : user));
    },
    [setUser],
  );
}
