import { composePlanFlags, isLanguage, planFlagNames, PLATFORM_PLAN_FLAGS, type ComposedPlanFlags, type PlanFlag } from '@atendo/contracts';
import { consoleFeatures } from '../features/consoleFeatures';

let composed: ComposedPlanFlags | null = null;

/**
 * The console's plan flags: the platform's and those the listed features bring (`planFlags` of each `ConsoleFeature`,
 * their contracts' objects, each once), with their defaults and labels (decision 0051). The plan form shows one switch
 * for each; a menu entry or page may be gated only by one of these. Composed on first use, as the menu is.
 */
export function consolePlanFlags(): ComposedPlanFlags {
  composed ??= composePlanFlags([PLATFORM_PLAN_FLAGS, ...new Set(consoleFeatures().flatMap((feature) => feature.planFlags ?? []))]);
  return composed;
}

/** The console's flags by name, in their declared order. */
export const consolePlanFlagNames = (): PlanFlag[] => planFlagNames(consolePlanFlags());

/** A flag's label in `language` (the console's three; English for any other). */
export function planFlagLabel(flag: PlanFlag, language: string): string {
  const { texts } = consolePlanFlags()[flag];
  return texts[isLanguage(language) ? language : 'en'];
}
