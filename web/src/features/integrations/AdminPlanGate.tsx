import type { PlanFlag } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useCan } from '../../app/useCan';
import { ClosedPage } from '../../ui/ClosedPage';
import { usePlanGuard } from './usePlanGuard';

interface AdminPlanGateProps {
  /** The plan's flag the page needs. */
  flag: PlanFlag;
  noPermissionText: string;
  planRefusedText: string;
  /** The page, once the user may see the admin items and the plan has the flag. */
  children: ReactNode;
}

/**
 * An admin page of a plan's feature (prompts, integrations): closed to whoever may not see the admin items, and when the
 * plan lacks `flag` (then home after a second); a spinner while the plan is read.
 */
export function AdminPlanGate({ flag, noPermissionText, planRefusedText, children }: AdminPlanGateProps) {
  const can = useCan();
  const access = usePlanGuard(flag, planRefusedText);
  if (!can('drawer-admin-items:view')) return <ClosedPage text={noPermissionText} />;
  if (access === 'refused') return <ClosedPage text={planRefusedText} />;
  if (access === 'loading') {
    return (
      <div className="shell-page" data-testid="page">
        <NonIdealState icon={<Spinner size={32} />} />
      </div>
    );
  }
  return <>{children}</>;
}
