import type { TagFields } from './tag.js';

/** A tag of the company: a record created, changed and deleted (stream `tag-{companyId}.{id}`). */
export type TagEvent =
  | { type: 'TagCreated'; data: { id: number } & TagFields }
  | { type: 'TagUpdated'; data: { id: number; changes: Partial<TagFields> } }
  | { type: 'TagDeleted'; data: { id: number } };

/** A ticket's tags, on the customer's stream (the ticket's home): one event per tag put on or taken off. */
export type TicketTagEvent =
  | { type: 'TicketTagged'; data: { ticketId: number; tagId: number } }
  | { type: 'TicketUntagged'; data: { ticketId: number; tagId: number } };
