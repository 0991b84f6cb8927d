import { yup } from '../validation.js';
import { planFlagNames, type ComposedPlanFlags } from '../planFlags.js';
import type { PlanFields } from './events.js';

/** A plan as the API answers it. */
export interface Plan extends PlanFields {
  id: number;
  storageMb: number;
  createdAt: string;
  updatedAt: string;
}

/** Limits are counts a company may have; a plan allows up to this many of each. */
export const PLAN_LIMIT_MAX = 100_000;

/** A plan's file space per company when it names none, in MiB. */
export const STORAGE_MB_DEFAULT = 1024;
/** 1 TiB: more than any one company of this product should keep. */
export const STORAGE_MB_MAX = 1_048_576;

const limit = () => yup.number().integer().min(0).max(PLAN_LIMIT_MAX);

const planShape = (flags: ComposedPlanFlags, creating: boolean) => {
  const required = <S extends yup.AnySchema>(s: S) => (creating ? s.required() : s.optional());
  return {
    name: required(yup.string().trim().min(1).max(50)),
    users: required(limit()),
    connections: required(limit()),
    queues: required(limit()),
    // In BRL, two decimals: 79.9 * 100 is 7990.000000000001 in floating point, so compare with a tolerance.
    value: required(yup.number().min(0).max(1_000_000).test('cents', 'validation.invalid', (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6)),
    storageMb: creating ? yup.number().integer().min(1).max(STORAGE_MB_MAX).default(STORAGE_MB_DEFAULT) : yup.number().integer().min(1).max(STORAGE_MB_MAX).optional(),
    ...Object.fromEntries(planFlagNames(flags).map((flag) => [flag, creating ? yup.boolean().default(flags[flag].default) : yup.boolean().optional()])),
  };
};

/**
 * The plan schemas of a composition: one boolean field per flag it declares (the server's feature list, the console's),
 * so a feature's flag is on the plans with no edit here (decision 0051).
 */
export function planSchemas(flags: ComposedPlanFlags) {
  return {
    /** A new plan: name and limits required; a flag it leaves out takes its declared default (every flag of the spec: on). */
    create: yup.object(planShape(flags, true)),
    /** A change to a plan: any of its fields. */
    changes: yup.object(planShape(flags, false)),
  };
}
