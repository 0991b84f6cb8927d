import { announcementsFeature } from './announcements/feature';
import { authFeature } from './auth/feature';
import { connectionsFeature } from './connections/feature';
import { flowsFeature } from './flows/feature';
import { campaignsFeature } from './campaigns/feature';
import { filesFeature } from './files/feature';
import { schedulesFeature } from './schedules/feature';
import { promptsFeature } from './prompts/feature';
import { queueIntegrationsFeature } from './queueIntegrations/feature';
import type { ConsoleFeature } from './feature';
import { helpsFeature } from './helps/feature';
import { messagesApiFeature } from './messagesApi/feature';
import { queuesFeature } from './queues/feature';
import { contactsFeature } from './contacts/feature';
import { contactListsFeature } from './contactLists/feature';
import { quickMessagesFeature } from './quickMessages/feature';
import { tagsFeature } from './tags/feature';
import { kanbanFeature } from './kanban/feature';
import { settingsFeature } from './settings/feature';
import { ticketsFeature } from './tickets/feature';
import { usersFeature } from './users/feature';
import { todoListFeature } from './todoList/feature';

/** The console's features: a new one adds its folder and one line here (docs/adding-a-feature.md). */
export const consoleFeatures: ConsoleFeature[] = [authFeature, ticketsFeature, usersFeature, todoListFeature, settingsFeature, helpsFeature, announcementsFeature, connectionsFeature, messagesApiFeature, queuesFeature, contactsFeature, contactListsFeature, tagsFeature, kanbanFeature, quickMessagesFeature, flowsFeature, campaignsFeature, filesFeature, schedulesFeature, promptsFeature, queueIntegrationsFeature];
