import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { usePlan } from '../../app/shell/usePlan';
import { userAtom } from '../../app/sessionAtoms';
import { lookups, type NamedRecord } from '../../api/lookups';

export interface QueueAutomation {
  prompts: NamedRecord[];
  integrations: NamedRecord[];
}

/**
 * The prompts and integrations a queue can use: each list is read only when the company's plan has its flag
 * (useOpenAi, useIntegrations), and stays empty otherwise, while the plan loads or when the read fails.
 */
export function useQueueAutomation(): QueueAutomation {
  const plan = usePlan(useAtomValue(userAtom)?.companyId);
  const promptsAllowed = plan?.useOpenAi === true;
  const integrationsAllowed = plan?.useIntegrations === true;
  const [prompts, setPrompts] = useState<NamedRecord[]>([]);
  const [integrations, setIntegrations] = useState<NamedRecord[]>([]);

  useEffect(() => {
    let live = true;
    if (promptsAllowed) void lookups.prompts().then((list) => live && setPrompts(list));
    if (integrationsAllowed) void lookups.integrations().then((list) => live && setIntegrations(list));
    return () => {
      live = false;
    };
  }, [promptsAllowed, integrationsAllowed]);

  return { prompts: promptsAllowed ? prompts : [], integrations: integrationsAllowed ? integrations : [] };
}
