import { describe, expect, it } from 'vitest';
import type { TagFields } from '@atendo/contracts';
import { fold } from '../commands/decider.js';
import { type ContactStreamDomainEvent } from '../conversation/state.js';
import { conversationDecider, conversationSnapshots } from '../testing/conversation.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { tagDecider } from './tag.js';

const spec = deciderSpec(conversationDecider);

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } };
const tagged = (tagId: number, ticketId = 20): ContactStreamDomainEvent => ({ type: 'TicketTagged', data: { ticketId, tagId } });
const untagged = (tagId: number, ticketId = 20): ContactStreamDomainEvent => ({ type: 'TicketUntagged', data: { ticketId, tagId } });
const base = [contact, opened];

describe("a ticket's tags", () => {
  it('puts a tag on a ticket once', () => {
    spec.given(base).when({ type: 'TagTicket', ticketId: 20, tagId: 5 }).then([tagged(5)]);
    spec.given([...base, tagged(5)]).when({ type: 'TagTicket', ticketId: 20, tagId: 5 }).then([]);
  });
  it('takes off only a tag the ticket carries', () => {
    spec.given([...base, tagged(5)]).when({ type: 'UntagTicket', ticketId: 20, tagId: 5 }).then([untagged(5)]);
    spec.given(base).when({ type: 'UntagTicket', ticketId: 20, tagId: 5 }).then([]);
    spec.given([...base, tagged(5), untagged(5)]).when({ type: 'UntagTicket', ticketId: 20, tagId: 5 }).then([]);
  });
  it('sets the tags: takes off those not named, then puts on the new ones', () => {
    spec.given([...base, tagged(5), tagged(6)]).when({ type: 'SyncTicketTags', ticketId: 20, tagIds: [6, 7, 7] }).then([untagged(5), tagged(7)]);
    spec.given([...base, tagged(5)]).when({ type: 'SyncTicketTags', ticketId: 20, tagIds: [5] }).then([]);
    spec.given([...base, tagged(5), tagged(6)]).when({ type: 'SyncTicketTags', ticketId: 20, tagIds: [] }).then([untagged(5), untagged(6)]);
  });
  it('refuses a ticket the customer does not have (or no longer has)', () => {
    spec.given(base).when({ type: 'TagTicket', ticketId: 99, tagId: 5 }).thenThrows('ERR_NO_TICKET_FOUND');
    spec.given([...base, { type: 'TicketDeleted', data: { ticketId: 20, userId: 1 } }]).when({ type: 'SyncTicketTags', ticketId: 20, tagIds: [5] }).thenThrows('ERR_NO_TICKET_FOUND');
  });
  it("keeps each ticket's tags apart, closed tickets too", () => {
    const second: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 21, uuid: 'uuid-21', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } };
    const resolved: ContactStreamDomainEvent = { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } };
    spec.given([...base, tagged(5), resolved, second]).when({ type: 'TagTicket', ticketId: 21, tagId: 5 }).then([tagged(5, 21)]);
    spec.given([...base, tagged(5), resolved]).when({ type: 'UntagTicket', ticketId: 20, tagId: 5 }).then([untagged(5)]);
  });
  it('a snapshot keeps the tags', () => {
    const state = fold(conversationDecider, [...base, tagged(5), tagged(6), untagged(5)]);
    const loaded = conversationSnapshots.deserialize(JSON.parse(JSON.stringify(conversationSnapshots.serialize(state))));
    expect(loaded.slices.tags.get(20)?.tags).toEqual([6]);
  });
});

describe('tags, the record', () => {
  const fields: TagFields = { companyId: 1, name: 'Urgente', color: '#ff0000', kanban: 0, userId: 3 };
  const tagSpec = deciderSpec(tagDecider);
  it('is created, changed and deleted', () => {
    const created = { type: 'TagCreated' as const, data: { id: 4, ...fields } };
    tagSpec.given([]).when({ type: 'create', id: 4, fields }).then([created]);
    tagSpec.given([created]).when({ type: 'update', changes: { kanban: 1, name: 'Urgente' } }).then([{ type: 'TagUpdated', data: { id: 4, changes: { kanban: 1 } } }]);
    tagSpec.given([created]).when({ type: 'delete' }).then([{ type: 'TagDeleted', data: { id: 4 } }]);
    tagSpec.given([created, { type: 'TagDeleted', data: { id: 4 } }]).when({ type: 'update', changes: { name: 'Outra' } }).thenThrows('ERR_TAG_NOT_FOUND');
  });
});
