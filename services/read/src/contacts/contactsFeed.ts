import type { ContactFeedPayload, ContactStreamEvent, RecordedEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';

type Data<T extends ContactStreamEvent['type']> = Extract<ContactStreamEvent, { type: T }>['data'];

/** The number a customer's stream (`contact-{companyId}.{number}`) is named by. */
const numberOf = (event: RecordedEvent) => event.streamId.slice(event.streamId.indexOf('.') + 1);

/** Older events are history, not news (a console that was away reloads its list anyway). */
const STALE_MS = 10 * 60_000;
/** More changes than this in one batch (an import) are told as one reload. */
const RELOAD_FROM = 20;

/**
 * The `contact` channel: the contacts page hears of each contact added, changed or deleted. Its rows are the tickets
 * projection's (contacts live in the customer's stream), so each entry says what its event knows and the console
 * merges it into the contact it has; nothing here keeps rows.
 */
export const contactsFeed: Projection = {
  name: 'contactsFeed',
  tables: [],
  eventTypes: ['ContactCreated', 'ContactRenamed', 'ContactUpdated', 'ContactDeleted', 'ContactMerged'],
  async apply(events, { emit, rebuilding }) {
    if (rebuilding) return;
    const since = Date.now() - STALE_MS;
    const byCompany = new Map<number, ContactFeedPayload[]>();
    for (const event of events) {
      // This projection folds the whole log when it first starts on an existing installation: nobody wants that news.
      if (new Date(event.metadata.occurredAt).getTime() < since) continue;
      const payload = contactPayload(event);
      if (!payload) continue;
      const list = byCompany.get(event.metadata.companyId) ?? [];
      list.push(payload);
      byCompany.set(event.metadata.companyId, list);
    }
    for (const [companyId, payloads] of byCompany) {
      // An import's thousands of contacts are one "fetch the list again", not thousands of rows pushed to every console.
      const told = payloads.length > RELOAD_FROM ? [{ action: 'reload' } as const] : payloads;
      for (const payload of told) emit({ companyId, channel: 'contact', payload, audience: { kind: 'company' } });
    }
  },
};

function contactPayload(event: RecordedEvent): ContactFeedPayload | null {
  const number = numberOf(event);
  switch (event.type) {
    case 'ContactCreated': {
      const d = event.data as Data<'ContactCreated'>;
      return { action: 'update', contact: { id: d.contactId, name: d.name, number: d.number, email: '', profilePicUrl: '', isGroup: d.isGroup, extraInfo: [] } };
    }
    case 'ContactRenamed': {
      const d = event.data as Data<'ContactRenamed'>;
      return { action: 'update', contact: { id: d.contactId, name: d.name, number } };
    }
    case 'ContactUpdated': {
      const d = event.data as Data<'ContactUpdated'>;
      return { action: 'update', contact: { id: d.contactId, name: d.name, number, email: d.email, extraInfo: d.extraInfo } };
    }
    case 'ContactDeleted':
      return { action: 'delete', contactId: (event.data as Data<'ContactDeleted'>).contactId };
    case 'ContactMerged': {
      // The other contact (a LID's) is now this one: the page drops it.
      const d = event.data as Data<'ContactMerged'>;
      return d.fromContactId === d.contactId ? { action: 'update', contact: { id: d.contactId, name: d.name, number: d.number } } : { action: 'delete', contactId: d.fromContactId };
    }
    default:
      return null;
  }
}
