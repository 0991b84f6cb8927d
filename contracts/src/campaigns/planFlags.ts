import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch campaigns. */
export const CAMPAIGNS_PLAN_FLAGS = definePlanFlags({
  useCampaigns: { description: 'Campaigns, their contact lists and file lists', default: true, texts: { pt: 'Campanhas', en: 'Campaigns', es: 'Campañas' } },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof CAMPAIGNS_PLAN_FLAGS> {}
}
