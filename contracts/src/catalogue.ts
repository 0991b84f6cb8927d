import { composeErrors, type ErrorCode } from './errors.js';
import type { Language } from './texts.js';
import { composeChannels, type FeedChannel } from './realtime.js';
import { composePlanFlags, type PlanFlag } from './planFlags.js';
import { PLATFORM_PLAN_FLAGS } from './platform/planFlags.js';
import { CAMPAIGNS_PLAN_FLAGS } from './campaigns/planFlags.js';
import { SCHEDULES_PLAN_FLAGS } from './schedules/planFlags.js';
import { MESSAGES_PLAN_FLAGS } from './messages/planFlags.js';
import { TAGS_PLAN_FLAGS } from './tags/planFlags.js';
import { INTEGRATIONS_PLAN_FLAGS } from './integrations/planFlags.js';
import { composePermissions, holds, type Grantee, type PermissionKey, type PermissionRegistry } from './permissions.js';
import { PLATFORM_PERMISSIONS } from './platform/permissions.js';
import { TICKETS_PERMISSIONS } from './tickets/permissions.js';
import { CONTACTS_PERMISSIONS } from './contacts/permissions.js';
import { CONNECTIONS_PERMISSIONS } from './connections/permissions.js';
import { USERS_PERMISSIONS } from './users/permissions.js';
import { QUEUES_PERMISSIONS } from './queues/permissions.js';
import { TAGS_PERMISSIONS } from './tags/permissions.js';
import { SETTINGS_PERMISSIONS } from './settings/permissions.js';
import { CAMPAIGNS_PERMISSIONS } from './campaigns/permissions.js';
import { FLOWS_PERMISSIONS } from './flows/permissions.js';
import { INTEGRATIONS_PERMISSIONS } from './integrations/permissions.js';
import { COMPANIES_PERMISSIONS } from './companies/permissions.js';
import { PLANS_PERMISSIONS } from './plans/permissions.js';
import { HELPS_PERMISSIONS } from './helps/permissions.js';
import { ANNOUNCEMENTS_PERMISSIONS } from './announcements/permissions.js';
import { PLATFORM_CHANNELS } from './platform/realtime.js';
import { TICKETS_CHANNELS } from './tickets/realtime.js';
import { MESSAGES_CHANNELS } from './messages/realtime.js';
import { CONNECTIONS_CHANNELS } from './connections/realtime.js';
import { USERS_CHANNELS } from './users/realtime.js';
import { CONTACTS_CHANNELS } from './contacts/realtime.js';
import { ANNOUNCEMENTS_CHANNELS } from './announcements/realtime.js';
import { QUEUES_CHANNELS } from './queues/realtime.js';
import { TAGS_CHANNELS } from './tags/realtime.js';
import { SETTINGS_CHANNELS } from './settings/realtime.js';
import { QUICK_MESSAGES_CHANNELS } from './quickMessages/realtime.js';
import { FLOWS_CHANNELS } from './flows/realtime.js';
import { CONTACT_LISTS_CHANNELS } from './contactLists/realtime.js';
import { CAMPAIGNS_CHANNELS } from './campaigns/realtime.js';
import { SCHEDULES_CHANNELS } from './schedules/realtime.js';
import { FILES_CHANNELS } from './files/realtime.js';
import { INTEGRATIONS_CHANNELS } from './integrations/realtime.js';
import { PLATFORM_ERRORS } from './platform/errors.js';
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

/**
 * The console's catalogue until it composes its own from its features (issue 33): the codes of today's features
 * with their texts. The server does not read this: its catalogue is composed from its feature list's `errors`.
 * A new feature is not listed here.
 */
const legacy = composeErrors([
  PLATFORM_ERRORS,
  AUTH_ERRORS,
  COMPANIES_ERRORS,
  PLANS_ERRORS,
  USERS_ERRORS,
  QUEUES_ERRORS,
  CONNECTIONS_ERRORS,
  CONTACTS_ERRORS,
  TICKETS_ERRORS,
  MESSAGES_ERRORS,
  TICKET_NOTES_ERRORS,
  QUICK_MESSAGES_ERRORS,
  TAGS_ERRORS,
  FLOWS_ERRORS,
  CAMPAIGNS_ERRORS,
  CONTACT_LISTS_ERRORS,
  SCHEDULES_ERRORS,
  FILES_ERRORS,
  INTEGRATIONS_ERRORS,
  MEDIA_ERRORS,
]);

/** Every code of today's features (the console's translation test reads it). */
export const ERROR_CODES: readonly ErrorCode[] = legacy.codes;

/** What each code means, in each language: the console's toasts read these. */
export const ERROR_TEXTS = legacy.texts as Record<Language, Record<ErrorCode, string>>;

/** Every channel of today's features (the console's channel table and test read it); the server composes its own. */
export const FEED_CHANNELS: readonly FeedChannel[] = composeChannels([PLATFORM_CHANNELS, TICKETS_CHANNELS, MESSAGES_CHANNELS, CONNECTIONS_CHANNELS, USERS_CHANNELS, CONTACTS_CHANNELS, ANNOUNCEMENTS_CHANNELS, QUEUES_CHANNELS, TAGS_CHANNELS, SETTINGS_CHANNELS, QUICK_MESSAGES_CHANNELS, FLOWS_CHANNELS, CONTACT_LISTS_CHANNELS, CAMPAIGNS_CHANNELS, SCHEDULES_CHANNELS, FILES_CHANNELS, INTEGRATIONS_CHANNELS]);

/** Every permission of today's features (the console's checks read it); the server composes its own. */
export const PERMISSIONS: PermissionRegistry = composePermissions([PLATFORM_PERMISSIONS, TICKETS_PERMISSIONS, CONTACTS_PERMISSIONS, CONNECTIONS_PERMISSIONS, USERS_PERMISSIONS, QUEUES_PERMISSIONS, TAGS_PERMISSIONS, SETTINGS_PERMISSIONS, CAMPAIGNS_PERMISSIONS, FLOWS_PERMISSIONS, INTEGRATIONS_PERMISSIONS, COMPANIES_PERMISSIONS, PLANS_PERMISSIONS, HELPS_PERMISSIONS, ANNOUNCEMENTS_PERMISSIONS]);

export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

/** Whether `who` holds `permission` (nobody signed in holds none); `registry`: the composition's, else today's features'. */
export function can(who: Grantee | null | undefined, permission: PermissionKey, registry: PermissionRegistry = PERMISSIONS): boolean {
  return holds(who, permission, registry);
}

/** Every plan flag of today's features: the flags a plan record stores (PLAN_FEATURES). */
export const PLAN_FLAGS: readonly PlanFlag[] = composePlanFlags([PLATFORM_PLAN_FLAGS, CAMPAIGNS_PLAN_FLAGS, SCHEDULES_PLAN_FLAGS, MESSAGES_PLAN_FLAGS, TAGS_PLAN_FLAGS, INTEGRATIONS_PLAN_FLAGS]);
