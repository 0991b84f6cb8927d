import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch tags. */
export const TAGS_PLAN_FLAGS = definePlanFlags({
  useKanban: { description: 'The kanban of tags', default: true, texts: { pt: 'Kanban', en: 'Kanban', es: 'Kanban' } },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof TAGS_PLAN_FLAGS> {}
}
