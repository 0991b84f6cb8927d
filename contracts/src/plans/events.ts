import type { PlanFlagValues } from '../planFlags.js';

/** A plan's limits and value. */
export interface PlanLimits {
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  /**
   * MiB of files each company on the plan may keep (not in the spec: issue 32). Absent from plans made before it, which
   * keep STORAGE_MB_DEFAULT.
   */
  storageMb?: number;
}

/**
 * What a plan allows: limits and the features a company on it may use, one boolean per plan flag the composition
 * declares (`contracts/src/<feature>/planFlags.ts`; decision 0051). The events keep this shape: logs written before
 * flags were composed hold `useCampaigns: true` and the others the same way, and a flag an old event lacks reads as
 * its default.
 */
export type PlanFields = PlanLimits & PlanFlagValues;

export type PlanEvent =
  | { type: 'PlanCreated'; data: { id: number } & PlanFields }
  | { type: 'PlanUpdated'; data: { id: number; changes: Partial<PlanFields> } }
  | { type: 'PlanDeleted'; data: { id: number } };
