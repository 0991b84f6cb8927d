import { auth } from './auth/index.js';
import { companies } from './companies/index.js';
import { plans } from './plans/index.js';
import { users } from './users/index.js';
import { queues } from './queues/index.js';
import { connections } from './connections/index.js';
import { contacts } from './contacts/index.js';
import { tickets } from './tickets/index.js';
import { messages } from './messages/index.js';
import { activity } from './activity/index.js';
import { helps } from './helps/index.js';
import { ticketNotes } from './ticketNotes/index.js';
import { settings } from './settings/index.js';
import { announcements } from './announcements/index.js';
import { media } from './media/index.js';
import { timers } from './timers/index.js';
import { quickMessages } from './quickMessages/index.js';
import { tags } from './tags/index.js';
import { flows } from './flows/index.js';
import { contactLists } from './contactLists/index.js';
import { campaigns } from './campaigns/index.js';
import { files } from './files/index.js';
import { schedules } from './schedules/index.js';
import { integrations } from './integrations/index.js';
import { dashboard } from './dashboard/index.js';
import { composeChannels, composeErrors, composePermissions, composePlanFlags, PLATFORM_CHANNELS, PLATFORM_ERRORS, PLATFORM_PERMISSIONS, PLATFORM_PLAN_FLAGS } from '@atendo/contracts';
import { checkFeatures, type FeatureModule } from './featureModule.js';

/**
 * The product's features (decision 0014). Adding a feature is adding its folders and one line here
 * (docs/adding-a-feature.md).
 */
export const features: FeatureModule[] = [auth, companies, plans, users, queues, connections, contacts, tickets, messages, ticketNotes, activity, helps, settings, announcements, media, timers, tags, quickMessages, flows, contactLists, campaigns, files, schedules, integrations, dashboard];
checkFeatures(features);

/** Every read model of the product: the runtime starts these, `atendo rebuild` knows them by name. */
export const projections = features.flatMap((f) => f.projections ?? []);

export function findProjection(name: string) {
  return projections.find((p) => p.name === name);
}

/** The server's error catalogue: the platform's codes and every feature's, with their texts (the API's `message`, /openapi.json). */
export const errorCatalogue = composeErrors([PLATFORM_ERRORS, ...features.map((f) => f.errors ?? {})]);

/** The server's feed channels: the platform's and every feature's. */
export const feedChannels = composeChannels([PLATFORM_CHANNELS, ...features.map((f) => f.channels ?? {})]);

/** The server's permissions: the platform's and every feature's, with who holds each (the route table checks them). */
export const permissionRegistry = composePermissions([PLATFORM_PERMISSIONS, ...features.map((f) => f.permissions ?? {})]);

/** The server's plan flags: the platform's and every feature's. */
export const planFlags = composePlanFlags([PLATFORM_PLAN_FLAGS, ...features.map((f) => f.planFlags ?? {})]);
