/**
 * The console's features, one line each: a new feature adds its folder and one line here (docs/adding-a-feature.md).
 * Their order does not matter (menu entries carry their place); web/src/features/consoleFeatures.ts makes the list.
 */
export { announcementsFeature } from './announcements/feature';
export { authFeature } from './auth/feature';
export { billingFeature } from './billing/feature';
export { campaignsFeature } from './campaigns/feature';
export { companiesFeature } from './companies/feature';
export { connectionsFeature } from './connections/feature';
export { contactListsFeature } from './contactLists/feature';
export { contactsFeature } from './contacts/feature';
export { dashboardFeature } from './dashboard/feature';
export { filesFeature } from './files/feature';
export { flowsFeature } from './flows/feature';
export { helpsFeature } from './helps/feature';
export { integrationsFeature } from './integrations/feature';
export { messagesFeature } from './messages/feature';
export { plansFeature } from './plans/feature';
export { queuesFeature } from './queues/feature';
export { quickMessagesFeature } from './quickMessages/feature';
export { schedulesFeature } from './schedules/feature';
export { settingsFeature } from './settings/feature';
export { tagsFeature } from './tags/feature';
export { ticketNotesFeature } from './ticketNotes/feature';
export { ticketsFeature } from './tickets/feature';
export { todoListFeature } from './todoList/feature';
export { usersFeature } from './users/feature';
