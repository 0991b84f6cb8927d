import { AUTH_ERRORS } from './auth/errors.js';
import { COMPANIES_ERRORS } from './companies/errors.js';
import { PLANS_ERRORS } from './plans/errors.js';
import { USERS_ERRORS } from './users/errors.js';
import { QUEUES_ERRORS } from './queues/errors.js';
import { CONNECTIONS_ERRORS } from './connections/errors.js';
import { CONTACTS_ERRORS } from './contacts/errors.js';
import { TICKETS_ERRORS } from './tickets/errors.js';
import { MESSAGES_ERRORS } from './messages/errors.js';
import { TICKET_NOTES_ERRORS } from './ticketNotes/errors.js';
import { QUICK_MESSAGES_ERRORS } from './quickMessages/errors.js';
import { TAGS_ERRORS } from './tags/errors.js';
import { FLOWS_ERRORS } from './flows/errors.js';
import { CAMPAIGNS_ERRORS } from './campaigns/errors.js';
import { CONTACT_LISTS_ERRORS } from './contactLists/errors.js';
import { SCHEDULES_ERRORS } from './schedules/errors.js';
import { FILES_ERRORS } from './files/errors.js';
import { INTEGRATIONS_ERRORS } from './integrations/errors.js';
import { MEDIA_ERRORS } from './media/errors.js';

/** Codes of the platform itself, answered by every feature's routes. */
export const PLATFORM_ERRORS = [
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_VALIDATION',
  'ERR_NO_PERMISSION',
  'ERR_NOT_FOUND',
  'ERR_CONCURRENCY_CONFLICT',
] as const;

/**
 * The error catalogue, composed from each feature's codes (`contracts/src/<feature>/errors.ts`). Every API error
 * answers `{ error: code }` with one of these.
 */
export const ERROR_CODES = [
  ...PLATFORM_ERRORS,
  ...AUTH_ERRORS,
  ...COMPANIES_ERRORS,
  ...PLANS_ERRORS,
  ...USERS_ERRORS,
  ...QUEUES_ERRORS,
  ...CONNECTIONS_ERRORS,
  ...CONTACTS_ERRORS,
  ...TICKETS_ERRORS,
  ...MESSAGES_ERRORS,
  ...TICKET_NOTES_ERRORS,
  ...QUICK_MESSAGES_ERRORS,
  ...TAGS_ERRORS,
  ...FLOWS_ERRORS,
  ...CAMPAIGNS_ERRORS,
  ...CONTACT_LISTS_ERRORS,
  ...SCHEDULES_ERRORS,
  ...FILES_ERRORS,
  ...INTEGRATIONS_ERRORS,
  ...MEDIA_ERRORS,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: ErrorCode;
  /** What went wrong, in the caller's language (Accept-Language, else the user's, else English). */
  message?: string;
  /** The server's own English wording, when it says more than the catalogue's text. */
  reason?: string;
  /** For ERR_VALIDATION: each refused field, its rule and the rule worded in the caller's language. */
  details?: unknown;
}
