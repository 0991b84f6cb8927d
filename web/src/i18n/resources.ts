import { announcementsTranslations } from '../features/announcements/i18n';
import { authTranslations } from '../features/auth/i18n';
import { connectionsTranslations } from '../features/connections/i18n';
import { flowsTranslations } from '../features/flows/i18n';
import { campaignsTranslations } from '../features/campaigns/i18n';
import { companiesTranslations } from '../features/companies/i18n';
import { helpsTranslations } from '../features/helps/i18n';
import { messagesApiTranslations } from '../features/messagesApi/i18n';
import { plansTranslations } from '../features/plans/i18n';
import { queuesTranslations } from '../features/queues/i18n';
import { contactsTranslations } from '../features/contacts/i18n';
import { contactListsTranslations } from '../features/contactLists/i18n';
import { quickMessagesTranslations } from '../features/quickMessages/i18n';
import { tagsTranslations } from '../features/tags/i18n';
import { kanbanTranslations } from '../features/kanban/i18n';
import { settingsTranslations } from '../features/settings/i18n';
import { ticketsTranslations } from '../features/tickets/i18n';
import { usersTranslations } from '../features/users/i18n';
import { todoListTranslations } from '../features/todoList/i18n';
import { filesTranslations } from '../features/files/i18n';
import { schedulesTranslations } from '../features/schedules/i18n';
import { promptsTranslations } from '../features/prompts/i18n';
import { queueIntegrationsTranslations } from '../features/queueIntegrations/i18n';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';

/**
 * The console's texts: the shell's own (./en, ./pt, ./es: app, languages, top bar, errors) and each feature's
 * bundle (`web/src/features/<feature>/i18n.ts`). A feature with texts adds its bundle to both lines below.
 */
export type Resources = typeof en &
  typeof authTranslations.en &
  typeof ticketsTranslations.en &
  typeof usersTranslations.en &
  typeof todoListTranslations.en &
  typeof settingsTranslations.en &
  typeof companiesTranslations.en &
  typeof plansTranslations.en &
  typeof helpsTranslations.en &
  typeof announcementsTranslations.en &
  typeof connectionsTranslations.en &
  typeof messagesApiTranslations.en &
  typeof queuesTranslations.en &
  typeof contactsTranslations.en &
  typeof contactListsTranslations.en &
  typeof tagsTranslations.en &
  typeof kanbanTranslations.en &
  typeof quickMessagesTranslations.en &
  typeof flowsTranslations.en &
  typeof filesTranslations.en &
  typeof schedulesTranslations.en &
  typeof promptsTranslations.en &
  typeof queueIntegrationsTranslations.en &
  typeof campaignsTranslations.en;
const bundles = [
  authTranslations,
  ticketsTranslations,
  usersTranslations,
  todoListTranslations,
  settingsTranslations,
  companiesTranslations,
  plansTranslations,
  helpsTranslations,
  announcementsTranslations,
  connectionsTranslations,
  messagesApiTranslations,
  queuesTranslations,
  contactsTranslations,
  contactListsTranslations,
  tagsTranslations,
  kanbanTranslations,
  quickMessagesTranslations,
  flowsTranslations,
  filesTranslations,
  schedulesTranslations,
  promptsTranslations,
  queueIntegrationsTranslations,
  campaignsTranslations,
];

const merged = (shell: object, language: 'en' | 'pt' | 'es'): Resources => Object.assign({}, shell, ...bundles.map((b) => b[language])) as Resources;

export const resources = { en: merged(en, 'en'), pt: merged(pt, 'pt'), es: merged(es, 'es') };
