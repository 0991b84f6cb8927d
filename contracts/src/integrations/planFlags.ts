import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch integrations. */
export const INTEGRATIONS_PLAN_FLAGS = definePlanFlags({
  useOpenAi: { description: 'OpenAI prompts answering queues and connections' },
  useIntegrations: { description: 'Queue integrations (Dialogflow, n8n, webhook, Typebot, flows)' },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof INTEGRATIONS_PLAN_FLAGS> {}
}
