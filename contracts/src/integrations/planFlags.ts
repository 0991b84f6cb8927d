import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch integrations. */
export const INTEGRATIONS_PLAN_FLAGS = definePlanFlags({
  useOpenAi: { description: 'OpenAI prompts answering queues and connections', default: true, texts: { pt: 'OpenAI', en: 'OpenAI', es: 'OpenAI' } },
  useIntegrations: { description: 'Queue integrations (Dialogflow, n8n, webhook, Typebot, flows)', default: true, texts: { pt: 'Integrações', en: 'Integrations', es: 'Integraciones' } },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof INTEGRATIONS_PLAN_FLAGS> {}
}
