import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch what no feature serves yet. */
export const PLATFORM_PLAN_FLAGS = definePlanFlags({
  useInternalChat: { description: "The internal chat between the company's users (no feature serves it yet)", default: true, texts: { pt: 'Chat interno', en: 'Internal chat', es: 'Chat interno' } },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof PLATFORM_PLAN_FLAGS> {}
}
