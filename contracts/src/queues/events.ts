export interface QueueFields {
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
}

export type QueueEvent =
  | { type: 'QueueCreated'; data: { id: number } & QueueFields }
  | { type: 'QueueUpdated'; data: { id: number; changes: Partial<QueueFields> } }
  | { type: 'QueueDeleted'; data: { id: number } };
