import type { ScheduleFields } from './schedule.js';

/** A scheduled message (stream `schedule-{companyId}.{id}`). */
export type ScheduleEvent =
  | { type: 'ScheduleCreated'; data: { id: number } & ScheduleFields }
  /** Changed before it was sent; a change of one that failed puts it back in line (PENDENTE). */
  | { type: 'ScheduleUpdated'; data: { id: number; changes: Partial<ScheduleFields> } }
  | { type: 'ScheduleDeleted'; data: { id: number } }
  /** Handed to its connection as `messageId`, through `whatsappId`, on `ticketId`. */
  | { type: 'ScheduleSent'; data: { id: number; sentAt: string; messageId: string; whatsappId: number; ticketId: number } }
  | { type: 'ScheduleFailed'; data: { id: number; reason: string; at: string } };

export const SCHEDULE_EVENT_TYPES = ['ScheduleCreated', 'ScheduleUpdated', 'ScheduleDeleted', 'ScheduleSent', 'ScheduleFailed'] as const satisfies ReadonlyArray<ScheduleEvent['type']>;
