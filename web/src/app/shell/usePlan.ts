import type { Plan } from '@atendo/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/** The company's plan and its flags (GET /companies/listPlan/{companyId}); null while it loads or when it fails. */
export function usePlan(companyId: number | undefined): Plan | null {
  const [plan, setPlan] = useState<Plan | null>(null);
  useEffect(() => {
    if (companyId === undefined) return;
    let live = true;
    api
      .get<{ plan: Plan }>(`/companies/listPlan/${companyId}`)
      .then((answer) => live && setPlan(answer.plan))
      .catch(() => live && setPlan(null));
    return () => {
      live = false;
    };
  }, [companyId]);
  return plan;
}
