import { describe, expect, it } from 'vitest';
import { CONTACT_STREAM_EVENT_TYPES } from '@atendo/contracts';
import { fold } from '../commands/decider.js';
import { composeConversation } from './compose.js';
import { conversationDecider, conversationSnapshots } from '../testing/conversation.js';
import { defineFamily, defineSlice, type ConversationFamily } from './family.js';
import type { ContactStreamDomainEvent } from './state.js';

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: null, isGroup: false } };
/** A ticket the chatbot, the timers and the tags know something about. */
const busy: ContactStreamDomainEvent[] = [
  contact,
  opened,
  { type: 'ChatbotAdvanced', data: { ticketId: 20, path: null, invalid: 0, invalidSince: null } },
  { type: 'ChatbotOutOfHours', data: { ticketId: 20, until: null } },
  { type: 'TimerArmed', data: { ticketId: 20, kind: 'autoTransfer', dueAt: '2026-11-22T10:30:00.000Z' } },
  { type: 'TicketTagged', data: { ticketId: 20, tagId: 6 } },
];
/** … and then a prompt's flow holds it (the bot's place is forgotten). */
const held: ContactStreamDomainEvent[] = [
  ...busy,
  { type: 'FlowRequested', data: { ticketId: 20, executionId: 'run-1', flowId: 30, campaignId: 0, messageId: 'wa-1', bot: { kind: 'prompt', id: 3, flowId: null } } },
];

type Family = ConversationFamily<{ type: string }>;

describe('the conversation composed from its families', () => {
  it('decide and evolve dispatch to the family that handles the type, without changing the state they were given', () => {
    const received: ContactStreamDomainEvent = { type: 'MessageReceived', data: { ticketId: 20, messageId: 'wa-1', whatsappId: 4, body: 'oi', mediaType: 'chat', sentAt: '2026-11-22T10:00:00.000Z', quotedMessageId: null } };
    const start = fold(conversationDecider, [contact, opened, received]);
    const events = conversationDecider.decide({ type: 'MarkTicketRead', ticketId: 20 }, start);
    expect(events).toEqual([{ type: 'TicketRead', data: { ticketId: 20 } }]);
    const after = events.reduce(conversationDecider.evolve, start);
    expect(after.tickets.get(20)?.unread).toBe(0);
    expect(start.tickets.get(20)?.unread).toBe(1);
    // An event no family folds (a newer writer's) leaves the state as it is.
    expect(conversationDecider.evolve(after, { type: 'Renamed', data: {} } as never)).toBe(after);
    expect(() => conversationDecider.decide({ type: 'Multiply' } as never, after)).toThrow(/No rule family decides Multiply/);
  });

  it("the customer's stream folds every event type of its contracts, and no other", () => {
    expect([...conversationDecider.eventTypes].sort()).toEqual([...CONTACT_STREAM_EVENT_TYPES].sort());
    expect(conversationDecider.commandTypes).toEqual(expect.arrayContaining(['ReceiveMessage', 'AcceptTicket', 'QueueMessage', 'RecordAck']));
  });

  it('refuses two families deciding one command, folding one core event, keeping one slice or firing one kind of timer', () => {
    const a = defineFamily({ name: 'a', decide: { Ping: () => [] } } as Family);
    const b = defineFamily({ name: 'b', decide: { Ping: () => [] } } as Family);
    expect(() => composeConversation([a, b], { version: 1, every: 10 })).toThrow(/a and b both decide Ping/);
    const c = defineFamily({ name: 'c', evolve: { TicketRead() {} } });
    const d = defineFamily({ name: 'd', evolve: { TicketRead() {} } });
    expect(() => composeConversation([c, d], { version: 1, every: 10 })).toThrow(/c and d both fold TicketRead/);
    const slice = defineSlice({ key: 'rating', initial: () => null, evolve: {} });
    expect(() => composeConversation([defineFamily({ name: 'e', slice }), defineFamily({ name: 'f', slice })], { version: 1, every: 10 })).toThrow(/f: the slice rating/);
    const fires = defineFamily({ name: 'g', timers: { ratingWait: () => [] } });
    expect(() => composeConversation([fires, { ...fires, name: 'h' }], { version: 1, every: 10 })).toThrow(/h: another family already fires ratingWait/);
    expect(() => composeConversation([fires, fires], { version: 1, every: 10 })).toThrow(/Rule family g is composed twice/);
  });

  it('the kinds of timer it fires are the ones its families fire, and no other', () => {
    expect([...conversationDecider.timerKinds].sort()).toEqual(['autoClose', 'autoTransfer', 'ratingWait']);
    const some = composeConversation([defineFamily({ name: 'g', timers: { ratingWait: () => [] } })], { version: 1, every: 10 });
    expect(some.timerKinds).toEqual(['ratingWait']);
    expect(some.families).toEqual(['g']);
  });

  it('several slices fold one event, each its own: a person accepting ends the bot and lets the flow go, the tags stay', () => {
    const accept: ContactStreamDomainEvent = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } };
    expect(fold(conversationDecider, busy).slices.chatbot.get(20)?.bot).toMatchObject({ path: null, stopped: false });
    expect(fold(conversationDecider, [...busy, accept]).slices.chatbot.get(20)?.bot).toBeUndefined();
    const accepted = fold(conversationDecider, [...held, accept]);
    expect(accepted.tickets.get(20)).toMatchObject({ status: 'open', userId: 7 });
    expect(accepted.slices.flows.get(20)).toMatchObject({ flowIsBot: true });
    expect(accepted.slices.flows.get(20)?.flow).toBeUndefined();
    expect(accepted.slices.tags.get(20)?.tags).toEqual([6]);
  });

  it('a ticket carried whole (a merge, a snapshot) has every slice’s facts on it, as the log and the snapshots always held them', () => {
    expect(conversationDecider.ticketsOf(fold(conversationDecider, busy))[0]).toMatchObject({ bot: { path: null, invalid: 0, invalidSince: null, stopped: false } });
    const state = fold(conversationDecider, held);
    const [ticket] = conversationDecider.ticketsOf(state);
    expect(ticket).toEqual({
      id: 20, uuid: 'uuid-20', status: 'pending', userId: null, queueId: null, whatsappId: 4, unread: 0,
      outOfHours: null,
      timers: { autoTransfer: '2026-11-22T10:30:00.000Z' },
      tags: [6],
      flow: 'run-1',
      flowIsBot: true,
    });
    expect(conversationSnapshots.serialize(state)).toMatchObject({ tickets: [ticket], rating: null });
    // The number's stream takes the ticket in with everything each family knew of it.
    const merged: ContactStreamDomainEvent = {
      type: 'ContactMerged',
      data: { contactId: 11, number: '5511999990002', name: 'Ana', fromContactId: 10, fromNumber: 'lid', fromStreamId: 'contact-1.lid', tickets: [ticket!], currentTicketId: 20, received: [], outbound: [] },
    };
    const absorbed = fold(conversationDecider, [merged]);
    expect(absorbed.tickets.get(20)).toEqual({ id: 20, uuid: 'uuid-20', status: 'pending', userId: null, queueId: null, whatsappId: 4, unread: 0 });
    expect(conversationDecider.ticketsOf(absorbed)).toEqual([ticket]);
    // A deleted ticket takes its facts with it.
    const deleted = fold(conversationDecider, [...held, { type: 'TicketDeleted', data: { ticketId: 20, userId: 7 } }]);
    expect([deleted.slices.chatbot.has(20), deleted.slices.timers.has(20), deleted.slices.tags.has(20), deleted.slices.flows.has(20)]).toEqual([false, false, false, false]);
  });
});
