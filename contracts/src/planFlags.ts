import { composeKeys } from './compose.js';

/**
 * A plan's switch for a feature: a route that names one answers 403 to companies whose plan does not allow it. The
 * plans feature stores whatever flags the composition brings (decision 0051): a flag's default and its label travel
 * with its declaration, so a new feature's flag needs no edit of the plans feature.
 */
export interface PlanFlagDefinition {
  description: string;
  /**
   * What a plan that does not name the flag allows: a new plan whose body leaves it out, a plan made before the flag
   * existed (its feature came later), an old event that did not carry it.
   */
  default: boolean;
  /** The switch's label on the plan form and the plans list, in each language of the console. */
  texts: { pt: string; en: string; es: string };
}

export type PlanFlagDefinitions = Readonly<Record<string, PlanFlagDefinition>>;

/**
 * The plans' feature flags. Empty here: each feature declares the flags that switch it
 * (`contracts/src/<feature>/planFlags.ts`) and adds them by module augmentation.
 */
export interface PlanFlagCatalogue {}

export type PlanFlag = keyof PlanFlagCatalogue & string;

/** A plan's answer for each flag (a plan answers every flag of the composition as a top-level boolean). */
export type PlanFlagValues = { [K in PlanFlag]: boolean };

/** Declares a feature's plan flags; the names join `PlanFlag` by augmentation. */
export function definePlanFlags<const T extends Record<`use${string}`, PlanFlagDefinition>>(flags: T): T {
  return flags;
}

/** A feature's flags, as members the catalogue can extend. */
export type PlanFlagsOf<T extends PlanFlagDefinitions> = { readonly [K in keyof T]: T[K] };

/** The flags of a composition, by name, in the order the composition declares them. */
export type ComposedPlanFlags = Readonly<Record<PlanFlag, PlanFlagDefinition>>;

/** A flag's name: `use` and a capitalised word (`useCampaigns`), as the plans' answers and bodies name it. */
export const PLAN_FLAG_NAME = /^use[A-Z][A-Za-z0-9]*$/;

/**
 * The flags of a composition (the server's feature list, the console's), with their definitions, refusing one
 * declared twice or misnamed.
 */
export function composePlanFlags(groups: readonly PlanFlagDefinitions[]): ComposedPlanFlags {
  const names = composeKeys<PlanFlag>(groups, 'Plan flag');
  const composed = {} as Record<PlanFlag, PlanFlagDefinition>;
  for (const name of names) {
    if (!PLAN_FLAG_NAME.test(name)) throw new Error(`Plan flag ${name} is not a flag's name (use and a capitalised word)`);
    composed[name] = groups.find((group) => name in group)![name]!;
  }
  return composed;
}

/** The names of a composition's flags, in order. */
export function planFlagNames(flags: ComposedPlanFlags): PlanFlag[] {
  return Object.keys(flags) as PlanFlag[];
}

/** A plan's value of each composed flag: what `given` says, else the flag's default. */
export function planFlagValues(flags: ComposedPlanFlags, given: object): PlanFlagValues {
  const said = given as Readonly<Record<string, unknown>>;
  const values = {} as Record<PlanFlag, boolean>;
  for (const name of planFlagNames(flags)) values[name] = typeof said[name] === 'boolean' ? (said[name] as boolean) : flags[name].default;
  return values;
}
