/** What a plan allows: limits and the features a company on it may use. */
export interface PlanFields {
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  /**
   * MiB of files each company on the plan may keep (not in the spec: issue 32). Absent from plans made before it, which
   * keep STORAGE_MB_DEFAULT.
   */
  storageMb?: number;
}

export type PlanEvent =
  | { type: 'PlanCreated'; data: { id: number } & PlanFields }
  | { type: 'PlanUpdated'; data: { id: number; changes: Partial<PlanFields> } }
  | { type: 'PlanDeleted'; data: { id: number } };
