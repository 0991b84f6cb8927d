import { composeKeys } from './compose.js';

/** A plan's switch for a feature: a route that names one answers 403 to companies whose plan does not allow it. */
export interface PlanFlagDefinition {
  description: string;
}

export type PlanFlagDefinitions = Readonly<Record<string, PlanFlagDefinition>>;

/**
 * The plans' feature flags. Empty here: each feature declares the flags that switch it
 * (`contracts/src/<feature>/planFlags.ts`) and adds them by module augmentation.
 */
export interface PlanFlagCatalogue {}

export type PlanFlag = keyof PlanFlagCatalogue & string;

/** Declares a feature's plan flags; the names join `PlanFlag` by augmentation. */
export function definePlanFlags<const T extends Record<`use${string}`, PlanFlagDefinition>>(flags: T): T {
  return flags;
}

/** A feature's flags, as members the catalogue can extend. */
export type PlanFlagsOf<T extends PlanFlagDefinitions> = { readonly [K in keyof T]: T[K] };

/** The flags of a composition (the server's feature list), refusing one declared twice. */
export function composePlanFlags(groups: readonly PlanFlagDefinitions[]): PlanFlag[] {
  return composeKeys<PlanFlag>(groups, 'Plan flag');
}
