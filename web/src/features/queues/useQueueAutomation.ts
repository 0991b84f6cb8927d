import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { usePlan } from '../../app/shell/usePlan';
import { userAtom } from '../auth/sessionAtoms';
import { connectionsApi, type NamedRecord } from '../connections/connectionsApi';

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
    if (promptsAllowed) void connectionsApi.prompts().then((list) => live && setPrompts(list));
    if (integrationsAllowed) void connectionsApi.integrations().then((list) => live && setIntegrations(list));
    return () => {
      live = false;
    };
  }, [promptsAllowed, integrationsAllowed]);

  return { prompts: promptsAllowed ? prompts : [], integrations: integrationsAllowed ? integrations : [] };
}
