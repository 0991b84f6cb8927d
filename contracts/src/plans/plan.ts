import { yup } from '../validation.js';
import type { PlanFields } from './events.js';

/** A plan as the API answers it. */
export interface Plan extends PlanFields {
  id: number;
  storageMb: number;
  createdAt: string;
  updatedAt: string;
}

/** The feature flags a plan switches (spec: campaigns, schedules, internal chat, external API, kanban, OpenAI, integrations). */
export const PLAN_FEATURES = ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations'] as const;

/** Limits are counts a company may have; a plan allows up to this many of each. */
export const PLAN_LIMIT_MAX = 100_000;

/** A plan's file space per company when it names none, in MiB. */
export const STORAGE_MB_DEFAULT = 1024;
/** 1 TiB: more than any one company of this product should keep. */
export const STORAGE_MB_MAX = 1_048_576;

const limit = () => yup.number().integer().min(0).max(PLAN_LIMIT_MAX);

const planShape = (creating: boolean) => {
  const required = <S extends yup.AnySchema>(s: S) => (creating ? s.required() : s.optional());
  return {
    name: required(yup.string().trim().min(1).max(50)),
    users: required(limit()),
    connections: required(limit()),
    queues: required(limit()),
    // In BRL, two decimals: 79.9 * 100 is 7990.000000000001 in floating point, so compare with a tolerance.
    value: required(yup.number().min(0).max(1_000_000).test('cents', 'validation.invalid', (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6)),
    storageMb: creating ? yup.number().integer().min(1).max(STORAGE_MB_MAX).default(STORAGE_MB_DEFAULT) : yup.number().integer().min(1).max(STORAGE_MB_MAX).optional(),
    ...Object.fromEntries(PLAN_FEATURES.map((flag) => [flag, creating ? yup.boolean().default(true) : yup.boolean().optional()])),
  };
};

/** A new plan: name and limits required, every feature flag on unless said otherwise (the spec's default). */
export const planSchema = yup.object(planShape(true));

/** A change to a plan: any of its fields. */
export const planChangesSchema = yup.object(planShape(false));
