import type { CompanySchedule } from '../companies/events.js';

export interface QueueFields {
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  /** Absent on queues created before they could be named (read as null / no hours). */
  integrationId?: number | null;
  promptId?: number | null;
  schedules?: CompanySchedule[];
}

export type QueueEvent =
  | { type: 'QueueCreated'; data: { id: number } & QueueFields }
  | { type: 'QueueUpdated'; data: { id: number; changes: Partial<QueueFields> } }
  | { type: 'QueueDeleted'; data: { id: number } };

/** One entry of a queue's chatbot menu. */
export interface QueueOptionFields {
  companyId: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: number;
}

export type QueueOptionEvent =
  | { type: 'QueueOptionCreated'; data: { id: number } & QueueOptionFields }
  | { type: 'QueueOptionUpdated'; data: { id: number; changes: Partial<QueueOptionFields> } }
  | { type: 'QueueOptionDeleted'; data: { id: number } };
