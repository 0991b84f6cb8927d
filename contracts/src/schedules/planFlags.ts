import { definePlanFlags, type PlanFlagsOf } from '../planFlags.js';

/** The plan flags that switch schedules. */
export const SCHEDULES_PLAN_FLAGS = definePlanFlags({
  useSchedules: { description: 'Scheduled messages', default: true, texts: { pt: 'Agendamentos', en: 'Schedules', es: 'Agendamientos' } },
});

declare module '../planFlags.js' {
  interface PlanFlagCatalogue extends PlanFlagsOf<typeof SCHEDULES_PLAN_FLAGS> {}
}
