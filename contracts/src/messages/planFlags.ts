import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch messages. */
export const MESSAGES_PLAN_FLAGS = definePlanFlags({
  useExternalApi: { description: "The external send API that integrators call with a connection's token", default: true, texts: { pt: 'API externa', en: 'External API', es: 'API externa' } },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof MESSAGES_PLAN_FLAGS> {}
}
