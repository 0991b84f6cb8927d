import type { Contact, ContactDetails, ContactPage, Flow, FlowPage, Plan, Queue, SendGovernorStatus, UserRef, Whatsapp } from '@atendo/contracts';
import { api } from './client';

/** A prompt or an integration, as far as a picker needs one. */
export interface NamedRecord {
  id: number;
  name: string;
}

/**
 * GET /prompt and GET /queueIntegration answer a list (or a page with it under `key`). Their features may not exist
 * on the server yet: any failure reads as an empty list, and the form then hides the select.
 */
function optionalList(path: string, key: string): Promise<NamedRecord[]> {
  return api.get<unknown>(path).then(
    (answer) => {
      const list = Array.isArray(answer) ? answer : (answer as Record<string, unknown> | undefined)?.[key];
      return Array.isArray(list) ? (list as NamedRecord[]).filter((r) => typeof r?.id === 'number') : [];
    },
    () => [],
  );
}

/** What one console feature reads of another's records: the options of its pickers and selects. */
export const lookups = {
  /** The first page of the contacts whose name or number holds `searchParam`. */
  contacts: (searchParam: string): Promise<Contact[]> => api.get<ContactPage>('/contacts', { searchParam }).then((page) => page.contacts),
  contact: (id: number) => api.get<ContactDetails>(`/contacts/${id}`),
  /** Any user may ask: names for pickers (the transfer's user search). */
  userRefs: (searchParam = '') => api.get<UserRef[]>('/users/list', { searchParam }),
  queues: () => api.get<Queue[]>('/queue'),
  /** Every plan, cheapest first (checkout's plan choice): the public list, which a company past its due date reaches too. */
  plans: () => api.get<Plan[]>('/plans/list'),
  /** The menu's form of the list (spec §7): without session details. */
  connections: () => api.get<Whatsapp[]>('/whatsapp', { session: 0 }),
  prompts: () => optionalList('/prompt', 'prompts'),
  integrations: () => optionalList('/queueIntegration', 'queueIntegrations'),
  /** Every flow (GET /flowbuilder, the pages one after the other), for the selects that start one. */
  async flows(): Promise<Flow[]> {
    const flows: Flow[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const answer = await api.get<FlowPage>('/flowbuilder', { searchParam: '', pageNumber });
      flows.push(...answer.flows);
      if (!answer.hasMore || answer.flows.length === 0) return flows;
    }
  },
  /** The send governor's state per connection (campaigns hold back; the connections page shows it); none on failure. */
  sendGovernor: () => api.get<SendGovernorStatus[]>('/send-governor').then((list) => (Array.isArray(list) ? list : []), () => []),
};
