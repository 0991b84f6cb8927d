import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const create = (overrides: Partial<Extract<ContactStreamCommand, { type: 'CreateContact' }>> = {}): ContactStreamCommand => ({
  type: 'CreateContact',
  contactId: 10,
  number: '5511999990001',
  name: 'Ana',
  email: '',
  extraInfo: [],
  ...overrides,
});
const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened = (ticketId: number): ContactStreamDomainEvent => ({ type: 'TicketOpened', data: { ticketId, uuid: `uuid-${ticketId}`, contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } });
const resolved = (ticketId: number): ContactStreamDomainEvent => ({ type: 'TicketResolved', data: { ticketId, userId: 7 } });
const deleted: ContactStreamDomainEvent = { type: 'ContactDeleted', data: { contactId: 10, userId: 1 } };
const updated = (data: Partial<Extract<ContactStreamDomainEvent, { type: 'ContactUpdated' }>['data']> = {}): ContactStreamDomainEvent => ({
  type: 'ContactUpdated',
  data: { contactId: 10, name: 'Ana', email: '', extraInfo: [], ...data },
});

describe('contacts a person adds, edits and deletes', () => {
  it('creates the contact of a number that has none; email and extra information come as an update', () => {
    spec.given([]).when(create()).then([contact]);
    const extraInfo = [{ name: 'CPF', value: '123' }];
    spec.given([]).when(create({ email: 'ana@example.com', extraInfo })).then([contact, updated({ email: 'ana@example.com', extraInfo })]);
  });
  it('refuses a number that already has a contact (a customer who wrote, or one added before)', () => {
    spec.given([contact]).when(create({ contactId: 11 })).thenThrows('ERR_DUPLICATED_CONTACT');
    spec.given([contact, opened(20)]).when(create({ contactId: 11, name: 'Outra' })).thenThrows('ERR_DUPLICATED_CONTACT');
  });
  it('edits the contact it names, and only that one', () => {
    spec.given([contact]).when({ type: 'UpdateContact', contactId: 10, name: 'Ana Lima', email: 'a@x.com', extraInfo: [] }).then([updated({ name: 'Ana Lima', email: 'a@x.com' })]);
    spec.given([contact]).when({ type: 'UpdateContact', contactId: 99, name: 'X', email: '', extraInfo: [] }).thenThrows('ERR_NO_CONTACT_FOUND');
    spec.given([]).when({ type: 'UpdateContact', contactId: 10, name: 'X', email: '', extraInfo: [] }).thenThrows('ERR_NO_CONTACT_FOUND');
  });
  it('deletes the contact with every ticket it has, open or closed', () => {
    spec
      .given([contact, opened(20), resolved(20), opened(21)])
      .when({ type: 'DeleteContact', contactId: 10, userId: 1 })
      .then([{ type: 'TicketDeleted', data: { ticketId: 20, userId: 1 } }, { type: 'TicketDeleted', data: { ticketId: 21, userId: 1 } }, deleted]);
    spec.given([contact, deleted]).when({ type: 'DeleteContact', contactId: 10, userId: 1 }).thenThrows('ERR_NO_CONTACT_FOUND');
  });
  it('lets the number have a contact again after a deletion, as a new one', () => {
    spec.given([contact, deleted]).when(create({ contactId: 12, name: 'Ana de novo' })).then([{ type: 'ContactCreated', data: { contactId: 12, number: '5511999990001', name: 'Ana de novo', isGroup: false } }]);
  });
  it('refuses to edit a contact merged into another number (its conversation goes on there)', () => {
    spec.given([contact, { type: 'ContactMergedInto', data: { contactId: 10, intoNumber: '5511888880000' } }]).when({ type: 'UpdateContact', contactId: 10, name: 'X', email: '', extraInfo: [] }).thenThrows('ERR_NO_CONTACT_FOUND');
  });
});
