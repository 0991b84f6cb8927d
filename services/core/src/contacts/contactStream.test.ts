import { describe, expect, it } from 'vitest';
import { fold } from '../commands/decider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { OUTBOUND_WINDOW, RECEIVED_WINDOW, type ContactStreamDomainEvent } from '../conversation/state.js';
import { inboundEventId, type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider, conversationSnapshots } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const receive = (messageId: string, overrides: Partial<Extract<ContactStreamCommand, { type: 'ReceiveMessage' }>> = {}): ContactStreamCommand => ({
  type: 'ReceiveMessage',
  companyId: 1,
  whatsappId: 4,
  messageId,
  number: '5511999990001',
  pushName: 'Ana',
  body: `text of ${messageId}`,
  mediaType: 'chat',
  sentAt: '2026-11-22T10:00:00.000Z',
  isGroup: false,
  quotedMessageId: null,
  queueId: 2,
  newContactId: 10,
  newTicketId: 20,
  newTicketUuid: 'uuid-20',
  ...overrides,
});

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } };
const received = (messageId: string, ticketId = 20): ContactStreamDomainEvent => ({
  type: 'MessageReceived',
  id: inboundEventId(1, 4, messageId),
  data: { ticketId, messageId, whatsappId: 4, body: `text of ${messageId}`, mediaType: 'chat', sentAt: '2026-11-22T10:00:00.000Z', quotedMessageId: null },
});
const accepted = (userId = 7): ContactStreamDomainEvent => ({ type: 'TicketAccepted', data: { ticketId: 20, userId } });
const resolved: ContactStreamDomainEvent = { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } };
const queued: ContactStreamDomainEvent = { type: 'MessageQueued', data: { ticketId: 20, messageId: 'out-1', whatsappId: 4, body: 'Olá!', userId: 7, quotedMessageId: null } };
const dispatched: ContactStreamDomainEvent = { type: 'MessageDispatched', data: { ticketId: 20, messageId: 'out-1', providerMessageId: 'wa-1' } };

describe('conversation: inbound messages', () => {
  it('a first message creates the contact, opens a pending ticket and stores the message', () => {
    spec.given([]).when(receive('m1')).then([contact, opened, received('m1')]);
  });
  it('later messages go to the open or pending ticket', () => {
    spec.given([contact, opened, received('m1')]).when(receive('m2')).then([received('m2')]);
    spec.given([contact, opened, received('m1'), accepted()]).when(receive('m2')).then([received('m2')]);
  });
  it('a message after the ticket was resolved opens a new one', () => {
    spec
      .given([contact, opened, received('m1'), accepted(), resolved])
      .when(receive('m2', { newTicketId: 21, newTicketUuid: 'uuid-21' }))
      .then([{ type: 'TicketOpened', data: { ticketId: 21, uuid: 'uuid-21', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } }, received('m2', 21)]);
  });
  it('a received message carries an id derived from company, connection and message id', () => {
    // The id is what the store deduplicates a redelivery by: it must not change between versions.
    expect(inboundEventId(1, 4, 'm1')).toBe('f123d6fd-ff38-5f31-b7b7-db6fb0eb2faa');
    spec.given([contact, opened]).when(receive('m1')).then([{ ...received('m1'), id: 'f123d6fd-ff38-5f31-b7b7-db6fb0eb2faa' }]);
  });
  it('a redelivered message changes nothing, even after the ticket was resolved', () => {
    spec.given([contact, opened, received('m1')]).when(receive('m1')).then([]);
    spec.given([contact, opened, received('m1'), accepted(), resolved]).when(receive('m1')).then([]);
  });
  it('learns the name of a contact first known by number', () => {
    const byNumber: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: '5511999990001', isGroup: false } };
    spec.given([byNumber, opened, received('m1')]).when(receive('m2')).then([{ type: 'ContactRenamed', data: { contactId: 10, name: 'Ana' } }, received('m2')]);
  });
});

describe('conversation: ticket status', () => {
  const base = [contact, opened, received('m1')];
  it('pending → open when accepted; accepting twice by the same agent is a no-op', () => {
    spec.given(base).when({ type: 'AcceptTicket', ticketId: 20, userId: 7 }).then([accepted()]);
    spec.given([...base, accepted()]).when({ type: 'AcceptTicket', ticketId: 20, userId: 7 }).then([]);
  });
  it('a second agent cannot accept a ticket another agent accepted', () => {
    spec.given([...base, accepted()]).when({ type: 'AcceptTicket', ticketId: 20, userId: 8 }).thenThrows('ERR_TICKET_ALREADY_ACCEPTED');
  });
  it('refuses unknown tickets and accepting closed ones', () => {
    spec.given(base).when({ type: 'AcceptTicket', ticketId: 99, userId: 7 }).thenThrows('ERR_NO_TICKET_FOUND');
    spec.given([...base, accepted(), resolved]).when({ type: 'AcceptTicket', ticketId: 20, userId: 7 }).thenThrows('ERR_TICKET_CLOSED');
  });
  it('open → closed → open again', () => {
    spec.given([...base, accepted()]).when({ type: 'ResolveTicket', ticketId: 20, userId: 7, admin: false }).then([resolved]);
    spec.given([...base, accepted(), resolved]).when({ type: 'ReopenTicket', ticketId: 20, userId: 8 }).then([{ type: 'TicketReopened', data: { ticketId: 20, userId: 8 } }]);
  });
  it('cannot reopen while the contact has another open or pending ticket', () => {
    const second: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 21, uuid: 'uuid-21', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } };
    spec.given([...base, accepted(), resolved, second]).when({ type: 'ReopenTicket', ticketId: 20, userId: 7 }).thenThrows('ERR_OTHER_OPEN_TICKET');
  });
  it('open → pending when returned to the queue, forgetting the agent', () => {
    spec.given([...base, accepted()]).when({ type: 'ReturnTicket', ticketId: 20, userId: 7, admin: false }).then([{ type: 'TicketReturnedToQueue', data: { ticketId: 20, previousUserId: 7 } }]);
    spec.given(base).when({ type: 'ReturnTicket', ticketId: 20, userId: 7, admin: false }).then([]);
  });
  it('only the ticket’s agent or an admin resolves or returns an open ticket, whatever the read model says', () => {
    const open = [...base, accepted(7)];
    spec.given(open).when({ type: 'ResolveTicket', ticketId: 20, userId: 8, admin: false }).thenThrows('ERR_NO_PERMISSION');
    spec.given(open).when({ type: 'ReturnTicket', ticketId: 20, userId: 8, admin: false }).thenThrows('ERR_NO_PERMISSION');
    spec.given(open).when({ type: 'ResolveTicket', ticketId: 20, userId: 8, admin: true }).then([{ type: 'TicketResolved', data: { ticketId: 20, userId: 8 } }]);
    spec.given(open).when({ type: 'ReturnTicket', ticketId: 20, userId: 8, admin: true }).then([{ type: 'TicketReturnedToQueue', data: { ticketId: 20, previousUserId: 7 } }]);
    // The system (expiry) may; a pending ticket is nobody's yet.
    spec.given(open).when({ type: 'ResolveTicket', ticketId: 20, userId: null, admin: false }).then([{ type: 'TicketResolved', data: { ticketId: 20, userId: null } }]);
    spec.given(base).when({ type: 'ResolveTicket', ticketId: 20, userId: 8, admin: false }).then([{ type: 'TicketResolved', data: { ticketId: 20, userId: 8 } }]);
    // Taken by agent 8 in the meantime: agent 7's stale screen may no longer return it.
    spec.given([...base, accepted(7), { type: 'TicketReturnedToQueue', data: { ticketId: 20, previousUserId: 7 } }, accepted(8)])
      .when({ type: 'ReturnTicket', ticketId: 20, userId: 7, admin: false })
      .thenThrows('ERR_NO_PERMISSION');
  });
  it('deletes a ticket: it is gone, and the contact’s next message opens a new one', () => {
    const deleted: ContactStreamDomainEvent = { type: 'TicketDeleted', data: { ticketId: 20, userId: 1 } };
    spec.given(base).when({ type: 'DeleteTicket', ticketId: 20, userId: 1 }).then([deleted]);
    spec.given([...base, deleted]).when({ type: 'AcceptTicket', ticketId: 20, userId: 7 }).thenThrows('ERR_NO_TICKET_FOUND');
    spec
      .given([...base, deleted])
      .when(receive('m2', { newTicketId: 21, newTicketUuid: 'uuid-21' }))
      .then([{ type: 'TicketOpened', data: { ticketId: 21, uuid: 'uuid-21', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } }, received('m2', 21)]);
  });
  it('records a customer’s edit or delete of a message on its ticket, under an id derived from the change', () => {
    const common = { companyId: 1, whatsappId: 4, ticketId: 20, messageId: 'm1' };
    const edited = { type: 'MessageEdited', id: inboundEventId(1, 4, 'e1'), data: { ticketId: 20, messageId: 'm1', body: 'corrigido' } } as ContactStreamDomainEvent;
    spec.given(base).when({ type: 'RecordCustomerEdit', ...common, changeId: 'e1', body: 'corrigido' }).then([edited]);
    const revoked = { type: 'MessageRevoked', id: inboundEventId(1, 4, 'r1'), data: { ticketId: 20, messageId: 'm1' } } as ContactStreamDomainEvent;
    spec.given(base).when({ type: 'RecordCustomerRevoke', ...common, changeId: 'r1' }).then([revoked]);
    spec.given(base).when({ type: 'RecordCustomerRevoke', ...common, ticketId: 99, changeId: 'r2' }).thenThrows('ERR_NO_TICKET_FOUND');
  });
  it('marks unread messages read once', () => {
    spec.given(base).when({ type: 'MarkTicketRead', ticketId: 20 }).then([{ type: 'TicketRead', data: { ticketId: 20 } }]);
    spec.given([...base, { type: 'TicketRead', data: { ticketId: 20 } }]).when({ type: 'MarkTicketRead', ticketId: 20 }).then([]);
  });
});

describe('conversation: outbound messages', () => {
  const open = [contact, opened, received('m1'), accepted()];
  const send: ContactStreamCommand = { type: 'QueueMessage', ticketId: 20, messageId: 'out-1', body: 'Olá!', userId: 7, admin: false, quotedMessageId: null };
  it('an open ticket takes a message; the same message id twice is one message', () => {
    spec.given(open).when(send).then([queued]);
    spec.given([...open, queued]).when(send).then([]);
  });
  it('a pending or closed ticket takes none', () => {
    spec.given([contact, opened]).when(send).thenThrows('ERR_TICKET_CLOSED');
    spec.given([...open, resolved]).when(send).thenThrows('ERR_TICKET_CLOSED');
  });
  it('records the dispatch once, then acks only forward', () => {
    spec.given([...open, queued]).when({ type: 'RecordDispatch', messageId: 'out-1', providerMessageId: 'wa-1' }).then([dispatched]);
    spec.given([...open, queued, dispatched]).when({ type: 'RecordDispatch', messageId: 'out-1', providerMessageId: 'wa-1' }).then([]);
    const read: ContactStreamDomainEvent = { type: 'MessageAckChanged', data: { ticketId: 20, messageId: 'out-1', ack: 3 } };
    spec.given([...open, queued, dispatched]).when({ type: 'RecordAck', providerMessageId: 'wa-1', ack: 3 }).then([read]);
    spec.given([...open, queued, dispatched, read]).when({ type: 'RecordAck', providerMessageId: 'wa-1', ack: 2 }).then([]);
    spec.given([...open, queued, dispatched]).when({ type: 'RecordAck', providerMessageId: 'unknown', ack: 3 }).then([]);
  });
  it('only the ticket’s agent or an admin queues a message on an open ticket', () => {
    spec.given(open).when({ ...send, userId: 8 } as ContactStreamCommand).thenThrows('ERR_NO_PERMISSION');
    spec.given(open).when({ ...send, userId: 8, admin: true } as ContactStreamCommand).then([{ ...queued, data: { ...queued.data, userId: 8 } } as ContactStreamDomainEvent]);
  });
  it('a message id already used on another ticket of the contact is refused, never moved', () => {
    const second: ContactStreamDomainEvent[] = [
      resolved,
      { type: 'TicketOpened', data: { ticketId: 21, uuid: 'uuid-21', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } },
      { type: 'TicketAccepted', data: { ticketId: 21, userId: 7 } },
    ];
    spec.given([...open, queued, ...second]).when({ ...send, ticketId: 21 } as ContactStreamCommand).thenThrows('ERR_IDEMPOTENCY_KEY_REUSED');
  });
  it('a send whose outcome is unknown waits for its acks: they settle it, it is never marked failed', () => {
    const uncertain: ContactStreamDomainEvent = { type: 'MessageDispatchUncertain', data: { ticketId: 20, messageId: 'out-1', providerMessageId: 'out-1', reason: 'timeout' } };
    spec.given([...open, queued]).when({ type: 'RecordDispatchUncertain', messageId: 'out-1', providerMessageId: 'out-1', reason: 'timeout' }).then([uncertain]);
    spec.given([...open, queued, uncertain]).when({ type: 'RecordDispatchFailure', messageId: 'out-1', reason: 'late' }).then([]);
    spec.given([...open, queued, uncertain]).when({ type: 'RecordAck', providerMessageId: 'out-1', ack: 2 }).then([{ type: 'MessageAckChanged', data: { ticketId: 20, messageId: 'out-1', ack: 2 } }]);
    spec.given([...open, queued, uncertain]).when({ type: 'RecordAck', providerMessageId: 'out-1', ack: 1 }).thenState((s) => {
      expect(s.outbound.get('out-1')).toMatchObject({ providerMessageId: 'out-1', ack: 1, failed: false });
    });
  });
  it('a refused send is failed', () => {
    const failed: ContactStreamDomainEvent = { type: 'MessageDispatchFailed', data: { ticketId: 20, messageId: 'out-1', reason: 'not connected' } };
    spec.given([...open, queued]).when({ type: 'RecordDispatchFailure', messageId: 'out-1', reason: 'not connected' }).then([failed]);
    spec.given([...open, queued, failed]).when({ type: 'RecordDispatchUncertain', messageId: 'out-1', providerMessageId: 'out-1', reason: 'x' }).then([]);
  });
  it('a sent message WhatsApp refuses later (or never acknowledges) is failed with the reason, until an ack proves it arrived', () => {
    const refused: ContactStreamDomainEvent = { type: 'MessageDeliveryFailed', data: { ticketId: 20, messageId: 'out-1', reason: 'WhatsApp refused it (463)' } };
    spec.given([...open, queued, dispatched]).when({ type: 'RecordDeliveryFailure', providerMessageId: 'wa-1', reason: 'WhatsApp refused it (463)' }).then([refused]);
    spec.given([...open, queued, dispatched, refused]).when({ type: 'RecordDeliveryFailure', providerMessageId: 'wa-1', reason: 'again' }).then([]);
    spec.given([...open, queued, dispatched]).when({ type: 'RecordDeliveryFailure', providerMessageId: 'unknown', reason: 'x' }).then([]);
    // Already on the customer's phone: a late error changes nothing.
    const delivered: ContactStreamDomainEvent = { type: 'MessageAckChanged', data: { ticketId: 20, messageId: 'out-1', ack: 2 } };
    spec.given([...open, queued, dispatched, delivered]).when({ type: 'RecordDeliveryFailure', providerMessageId: 'wa-1', reason: 'late' }).then([]);
    spec.given([...open, queued, dispatched, refused]).when({ type: 'RecordAck', providerMessageId: 'wa-1', ack: 3 }).thenState((s) => {
      expect(s.outbound.get('out-1')).toMatchObject({ ack: 3, failed: false });
    });
  });
});

describe('conversation: two contacts of one person merge', () => {
  const lidContact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 30, number: '406080201234567@lid', name: 'Duda', isGroup: false } };
  const lidTicket: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 31, uuid: 'uuid-31', contactId: 30, whatsappId: 4, queueId: 2, isGroup: false } };
  const from = {
    fromContactId: 30,
    fromNumber: '406080201234567@lid',
    fromStreamId: 'contact-1.406080201234567@lid',
    name: 'Duda',
    tickets: [{ id: 31, uuid: 'uuid-31', status: 'pending' as const, userId: null, queueId: 2, whatsappId: 4, unread: 1 }],
    currentTicketId: 31,
    received: ['lid-m1'],
    outbound: [] as Array<[string, number, string | null, 0 | 1 | 2 | 3 | 4 | 5, boolean]>,
  };
  it('the LID’s stream is closed towards the number once', () => {
    const closed: ContactStreamDomainEvent = { type: 'ContactMergedInto', data: { contactId: 30, intoNumber: '5511955550002' } };
    spec.given([lidContact, lidTicket]).when({ type: 'MergeInto', intoNumber: '5511955550002' }).then([closed]);
    spec.given([lidContact, lidTicket, closed]).when({ type: 'MergeInto', intoNumber: '5511955550002' }).then([]);
    spec.given([]).when({ type: 'MergeInto', intoNumber: '5511955550002' }).then([]);
  });
  it('the number’s stream takes the LID’s tickets; with both conversations going, the LID’s is closed; repeated, nothing', () => {
    const merged: ContactStreamDomainEvent = { type: 'ContactMerged', data: { ...from, contactId: 10, number: '5511999990001', name: 'Ana' } };
    spec
      .given([contact, opened])
      .when({ type: 'AbsorbContact', number: '5511999990001', from })
      .then([merged, { type: 'TicketResolved', data: { ticketId: 31, userId: null } }]);
    spec.given([contact, opened, merged]).when({ type: 'AbsorbContact', number: '5511999990001', from }).then([]);
    spec.given([contact, opened, merged]).when(receive('lid-m1')).then([]);
  });
  it('a number with no contact yet keeps the LID’s contact and its conversation', () => {
    const merged: ContactStreamDomainEvent = { type: 'ContactMerged', data: { ...from, contactId: 30, number: '5511955550003', name: 'Duda' } };
    spec.given([]).when({ type: 'AbsorbContact', number: '5511955550003', from }).then([merged]);
    spec.given([merged]).when({ type: 'AbsorbContact', number: '5511955550003', from }).thenState((s) => {
      expect(s.contact).toMatchObject({ id: 30, number: '5511955550003' });
      expect(s.currentTicketId).toBe(31);
    });
  });
});

describe('conversation: messages sent through the external API', () => {
  const external = (messageId: string) =>
    ({
      type: 'QueueExternalMessage',
      companyId: 1,
      whatsappId: 4,
      number: '5511999990001',
      messageId,
      body: 'Seu pedido saiu',
      queueId: 2,
      newContactId: 10,
      newTicketId: 20,
      newTicketUuid: 'uuid-20',
    }) as ContactStreamCommand;
  const queuedBy = (messageId: string): ContactStreamDomainEvent => ({
    type: 'MessageQueued',
    data: { ticketId: 20, messageId, whatsappId: 4, body: 'Seu pedido saiu', userId: 0, quotedMessageId: null },
  });
  it('a new number gets a contact and a pending ticket; the same message id again is nothing', () => {
    const created: ContactStreamDomainEvent[] = [
      { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: '5511999990001', isGroup: false } },
      { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } },
    ];
    spec.given([]).when(external('api-1')).then([...created, queuedBy('api-1')]);
    spec.given([...created, queuedBy('api-1')]).when(external('api-1')).then([]);
  });
  it('a number with an open or pending ticket gets the message on it, whoever holds it', () => {
    spec.given([contact, opened]).when(external('api-2')).then([queuedBy('api-2')]);
    spec.given([contact, opened, accepted(8)]).when(external('api-3')).then([queuedBy('api-3')]);
  });
  it("a campaign's message resolves the ticket it opened, and leaves a ticket someone works on as it is", () => {
    const campaign = (messageId: string) => ({ ...external(messageId), resolveOpened: true }) as ContactStreamCommand;
    const resolved: ContactStreamDomainEvent = { type: 'TicketResolved', data: { ticketId: 20, userId: null } };
    spec.given([]).when(campaign('c-1')).then([
      { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: '5511999990001', isGroup: false } },
      { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } },
      queuedBy('c-1'),
      resolved,
    ]);
    spec.given([contact, opened, accepted(8)]).when(campaign('c-2')).then([queuedBy('c-2')]);
  });
});

describe('conversation: a long-lived customer', () => {
  const history = (messages: number): ContactStreamDomainEvent[] => {
    const events: ContactStreamDomainEvent[] = [contact, opened, accepted()];
    for (let i = 0; i < messages; i++) {
      const out = `out-${i}`;
      events.push(
        received(`m${i}`),
        { type: 'MessageQueued', data: { ticketId: 20, messageId: out, whatsappId: 4, body: 'ok', userId: 7, quotedMessageId: null } },
        { type: 'MessageDispatched', data: { ticketId: 20, messageId: out, providerMessageId: `wa-${i}` } },
        { type: 'MessageAckChanged', data: { ticketId: 20, messageId: out, ack: 3 } },
      );
    }
    return events;
  };
  const messages = Math.max(RECEIVED_WINDOW, OUTBOUND_WINDOW) * 3;
  const long = history(messages);

  it('remembers only the latest messages, however long the history', () => {
    const state = fold(conversationDecider, long);
    expect(state.received.size).toBe(RECEIVED_WINDOW);
    expect(state.outbound.size).toBe(OUTBOUND_WINDOW);
    expect(state.byProviderId.size).toBe(OUTBOUND_WINDOW);
    expect(state.received.has(`m${messages - 1}`)).toBe(true);
    expect(state.received.has(`m${messages - RECEIVED_WINDOW}`)).toBe(true);
    expect(state.received.has(`m${messages - RECEIVED_WINDOW - 1}`)).toBe(false);
    expect(state.tickets.get(20)?.unread).toBe(messages);
  });
  it('a recent redelivery decides nothing; an older one is left to the store’s event-id check', () => {
    spec.given(long).when(receive(`m${messages - 1}`)).then([]);
    // Forgotten by the state: decided again with the same event id, which the store finds already written.
    spec.given(long).when(receive('m0')).then([received('m0')]);
  });
  it('an ack for a message older than the window changes nothing', () => {
    spec.given(long).when({ type: 'RecordAck', providerMessageId: 'wa-0', ack: 3 }).then([]);
    const last = `out-${messages - 1}`;
    spec.given([...long.slice(0, -1)]).when({ type: 'RecordAck', providerMessageId: `wa-${messages - 1}`, ack: 3 }).then([
      { type: 'MessageAckChanged', data: { ticketId: 20, messageId: last, ack: 3 } },
    ]);
  });
  it('a snapshot restores the folded state, windows in order', () => {
    const state = fold(conversationDecider, long);
    const restored = conversationSnapshots.deserialize(JSON.parse(JSON.stringify(conversationSnapshots.serialize(state))));
    expect(conversationSnapshots.serialize(restored)).toEqual(conversationSnapshots.serialize(state));
    // Both evict the same message next.
    const more = received(`m${messages}`);
    const a = conversationDecider.evolve(state, more);
    const b = conversationDecider.evolve(restored, more);
    expect(conversationSnapshots.serialize(b)).toEqual(conversationSnapshots.serialize(a));
  });
});
