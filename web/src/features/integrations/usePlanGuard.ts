import type { PlanFlag } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePlan } from '../../app/shell/usePlan';
import { toastWarning } from '../../ui/toaster';
import { userAtom } from '../../app/sessionAtoms';

/** Catalogue spec: a page the plan lacks says so, then sends the user home after 1 s (as the messages API page does). */
export const PLAN_REDIRECT_DELAY_MS = 1_000;

/**
 * Whether the company's plan has `flag`: 'loading' while the plan is read, 'refused' (a toast with `message`, then
 * home after 1 s) or 'allowed'.
 */
export function usePlanGuard(flag: PlanFlag, message: string): 'loading' | 'refused' | 'allowed' {
  const user = useAtomValue(userAtom);
  const plan = usePlan(user?.companyId);
  const navigate = useNavigate();
  const refused = plan !== null && !plan[flag];

  useEffect(() => {
    if (!refused) return;
    toastWarning(message);
    const timer = setTimeout(() => navigate('/'), PLAN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [refused, navigate, message]);

  return plan === null ? 'loading' : refused ? 'refused' : 'allowed';
}
