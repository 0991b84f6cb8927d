import { describe, expect, it } from 'vitest';
import type { FlowTriggers } from '@atendo/contracts';
import { fold } from '../commands/decider.js';
import { type ContactStreamDomainEvent } from '../conversation/state.js';
import { type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider, conversationSnapshots } from '../testing/conversation.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { flowDecider } from './flow.js';
import { flowExecutionId } from './ticketFlows.js';

const spec = deciderSpec(conversationDecider);

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: null, isGroup: false } };
const triggers: FlowTriggers = { campaigns: [{ id: 3, flowId: 8, phrase: 'quero comprar' }] };
const executionId = flowExecutionId(1, 4, 'wa-2');
const requested: ContactStreamDomainEvent = { type: 'FlowRequested', data: { ticketId: 20, executionId, flowId: 8, campaignId: 3, messageId: 'wa-2' } };

const receive = (messageId: string, body: string, extra: Partial<Extract<ContactStreamCommand, { type: 'ReceiveMessage' }>> = {}): ContactStreamCommand => ({
  type: 'ReceiveMessage', companyId: 1, whatsappId: 4, messageId, number: '5511999990001', pushName: 'Ana', body, mediaType: 'chat', sentAt: '2026-11-27T12:00:00.000Z',
  isGroup: false, quotedMessageId: null, queueId: null, newContactId: 10, newTicketId: 20, newTicketUuid: 'uuid-20', flows: triggers, ...extra,
});
const decided = (given: ContactStreamDomainEvent[], command: ContactStreamCommand) => conversationDecider.decide(command, fold(conversationDecider, given)).map((e) => e.type);

describe('flows on the conversation', () => {
  it('a message that is the whole phrase (case, accents, spacing aside) starts the flow on the ticket', () => {
    expect(decided([contact, opened], receive('wa-2', '  Quero   COMPRAR'))).toEqual(['MessageReceived', 'FlowRequested']);
    const events = conversationDecider.decide(receive('wa-2', 'quero comprar'), fold(conversationDecider, [contact, opened]));
    expect(events.at(-1)).toEqual(requested);
    // A part of it, or more, starts nothing.
    expect(decided([contact, opened], receive('wa-3', 'quero comprar já'))).toEqual(['MessageReceived']);
    expect(decided([contact, opened], receive('wa-4', 'quero'))).toEqual(['MessageReceived']);
  });

  it("a ticket a flow holds sends the customer's messages to it, and the queue menu stays quiet", () => {
    const chatbot = { greetingMessage: 'Olá', queues: [], hours: { scope: 'disabled' as const, timeZone: 'UTC', schedules: [], outOfHoursMessage: '' }, greetOneQueue: false, maxInvalid: 3, invalidWindowMinutes: 0, transferQueueId: null, rating: { question: '', completion: '' } };
    const events = conversationDecider.decide(receive('wa-5', '1', { chatbot }), fold(conversationDecider, [contact, opened, requested]));
    expect(events.map((e) => e.type)).toEqual(['MessageReceived', 'FlowReplyRouted']);
    expect(events[1]!.data).toEqual({ ticketId: 20, executionId, message: { id: 'wa-5', body: '1', mediaType: 'chat' } });
  });

  it('sends what the flow asks while it holds the ticket, each message once', () => {
    const send: ContactStreamCommand = { type: 'SendFlowMessages', ticketId: 20, executionId, messages: [{ messageId: 'm-1', body: 'Olá Ana' }, { messageId: 'm-2', body: '', mediaType: 'image', mediaUrl: '/public/1/a.png' }] };
    spec.given([contact, opened, requested]).when(send).then([
      { type: 'MessageQueued', data: { ticketId: 20, messageId: 'm-1', whatsappId: 4, body: 'Olá Ana', userId: 0, quotedMessageId: null } },
      { type: 'MessageQueued', data: { ticketId: 20, messageId: 'm-2', whatsappId: 4, body: '', userId: 0, quotedMessageId: null, mediaType: 'image', mediaUrl: '/public/1/a.png' } },
    ]);
    const first = conversationDecider.decide(send, fold(conversationDecider, [contact, opened, requested]));
    spec.given([contact, opened, requested, ...first]).when(send).then([]);
  });

  it('refuses anything from a flow once a person accepted the ticket, it closed, or a person moved it', () => {
    const send: ContactStreamCommand = { type: 'SendFlowMessages', ticketId: 20, executionId, messages: [{ messageId: 'm-1', body: 'Olá' }] };
    const accepted: ContactStreamDomainEvent = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } } as ContactStreamDomainEvent;
    const closed: ContactStreamDomainEvent = { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } };
    const moved: ContactStreamDomainEvent = {
      type: 'TicketTransferred',
      data: { ticketId: 20, queueId: 5, userId: null, whatsappId: 4, status: 'pending', previousQueueId: null, previousUserId: null, previousWhatsappId: 4 },
    };
    for (const after of [accepted, closed, moved]) {
      spec.given([contact, opened, requested, after]).when(send).then([]);
      spec.given([contact, opened, requested, after]).when({ type: 'SendFlowMessages', ticketId: 20, executionId, messages: [], then: { type: 'handOver', queueId: 5, userId: null } }).then([]);
    }
    // And the customer's next message is no longer the flow's.
    expect(decided([contact, opened, requested, moved], receive('wa-9', '1'))).toEqual(['MessageReceived']);
  });

  it('hands the ticket to a queue (pending there) or a person (open), and lets the flow go', () => {
    spec.given([contact, opened, requested]).when({ type: 'SendFlowMessages', ticketId: 20, executionId, messages: [], then: { type: 'handOver', queueId: 5, userId: null } }).then([
      { type: 'TicketTransferred', data: { ticketId: 20, queueId: 5, userId: null, whatsappId: 4, status: 'pending', previousQueueId: null, previousUserId: null, previousWhatsappId: 4 } },
      { type: 'FlowDetached', data: { ticketId: 20, executionId, reason: 'handedOver' } },
    ]);
    const toPerson = conversationDecider.decide({ type: 'SendFlowMessages', ticketId: 20, executionId, messages: [], then: { type: 'handOver', queueId: null, userId: 7 } }, fold(conversationDecider, [contact, opened, requested]));
    expect(toPerson[0]!.data).toMatchObject({ status: 'open', userId: 7 });
  });

  it("a run's turn sends its last words, then hands over or lets go, in one decision", () => {
    const words = { messageId: 'm-9', body: 'Tchau' };
    const queued = { type: 'MessageQueued', data: { ticketId: 20, messageId: 'm-9', whatsappId: 4, body: 'Tchau', userId: 0, quotedMessageId: null } } as ContactStreamDomainEvent;
    spec.given([contact, opened, requested]).when({ type: 'SendFlowMessages', ticketId: 20, executionId, messages: [words], then: { type: 'handOver', queueId: 5, userId: null } }).then([
      queued,
      { type: 'TicketTransferred', data: { ticketId: 20, queueId: 5, userId: null, whatsappId: 4, status: 'pending', previousQueueId: null, previousUserId: null, previousWhatsappId: 4 } },
      { type: 'FlowDetached', data: { ticketId: 20, executionId, reason: 'handedOver' } },
    ]);
    spec.given([contact, opened, requested]).when({ type: 'SendFlowMessages', ticketId: 20, executionId, messages: [words], then: { type: 'detach', reason: 'finished' } }).then([
      queued,
      { type: 'FlowDetached', data: { ticketId: 20, executionId, reason: 'finished' } },
    ]);
    // Taken by a person meanwhile: neither the words nor the hand-over.
    const accepted = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } } as ContactStreamDomainEvent;
    spec.given([contact, opened, requested, accepted]).when({ type: 'SendFlowMessages', ticketId: 20, executionId, messages: [words], then: { type: 'handOver', queueId: 5, userId: null } }).then([]);
  });

  it('a finished flow lets the ticket go once; another run cannot detach it', () => {
    spec.given([contact, opened, requested]).when({ type: 'DetachFlow', ticketId: 20, executionId, reason: 'finished' }).then([{ type: 'FlowDetached', data: { ticketId: 20, executionId, reason: 'finished' } }]);
    spec.given([contact, opened, requested]).when({ type: 'DetachFlow', ticketId: 20, executionId: 'another', reason: 'finished' }).then([]);
    const detached: ContactStreamDomainEvent = { type: 'FlowDetached', data: { ticketId: 20, executionId, reason: 'finished' } };
    spec.given([contact, opened, requested, detached]).when({ type: 'DetachFlow', ticketId: 20, executionId, reason: 'finished' }).then([]);
    // Detached, the phrase can start it again.
    expect(decided([contact, opened, requested, detached], receive('wa-7', 'quero comprar'))).toEqual(['MessageReceived', 'FlowRequested']);
  });

  it('a snapshot keeps which run holds the ticket', () => {
    const state = fold(conversationDecider, [contact, opened, requested]);
    const loaded = conversationSnapshots.deserialize(JSON.parse(JSON.stringify(conversationSnapshots.serialize(state))));
    expect(loaded.slices.flows.get(20)?.flow).toBe(executionId);
  });
});

describe('flows, the record', () => {
  const flowSpec = deciderSpec(flowDecider);
  const created = { type: 'FlowCreated' as const, data: { id: 8, companyId: 1, name: 'Vendas', active: true } };
  const graph = { nodes: [{ id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} }], connections: [] };
  it('each save publishes the next version', () => {
    flowSpec.given([created]).when({ type: 'publish', graph }).then([{ type: 'FlowPublished', data: { id: 8, version: 1, graph } }]);
    flowSpec.given([created, { type: 'FlowPublished', data: { id: 8, version: 1, graph } }]).when({ type: 'publish', graph }).then([{ type: 'FlowPublished', data: { id: 8, version: 2, graph } }]);
    flowSpec.given([created, { type: 'FlowPublished', data: { id: 8, version: 1, graph } }]).when({ type: 'update', changes: { name: 'Vendas 2' } }).then([{ type: 'FlowUpdated', data: { id: 8, changes: { name: 'Vendas 2' } } }]);
  });
  it('a deleted or unknown flow publishes nothing', () => {
    flowSpec.given([]).when({ type: 'publish', graph }).thenThrows('ERR_FLOW_NOT_FOUND');
    flowSpec.given([created, { type: 'FlowDeleted', data: { id: 8 } }]).when({ type: 'publish', graph }).thenThrows('ERR_FLOW_NOT_FOUND');
  });
});

describe('prompts and integrations on the conversation (decision 0033)', () => {
  const prompt = { kind: 'prompt' as const, id: 6, flowId: null };
  const integration = { kind: 'integration' as const, id: 9, flowId: 30 };
  const bots: FlowTriggers = { campaigns: [], bots: { connection: prompt, queues: { 5: integration } } };
  const inQueue5: ContactStreamDomainEvent = { ...opened, data: { ...opened.data, queueId: 5 } } as ContactStreamDomainEvent;
  const chatbot = (queues: Array<{ id: number; name: string }>) => ({
    greetingMessage: 'Olá', queues: queues.map((q) => ({ ...q, greetingMessage: '', outOfHoursMessage: '', schedules: [], options: [] })),
    hours: { scope: 'disabled' as const, timeZone: 'UTC', schedules: [], outOfHoursMessage: '' }, greetOneQueue: false, maxInvalid: 3, invalidWindowMinutes: 0, transferQueueId: null,
    rating: { question: '', completion: '' },
  });

  it("a new ticket with no queue goes to the connection's prompt, with the customer's message as its first question; the menu stays quiet", () => {
    const events = conversationDecider.decide(receive('wa-1', 'Qual o horário?', { flows: bots, chatbot: chatbot([{ id: 5, name: 'Vendas' }, { id: 7, name: 'Suporte' }]) }), fold(conversationDecider, []));
    expect(events.map((e) => e.type)).toEqual(['ContactCreated', 'TicketOpened', 'MessageReceived', 'FlowRequested']);
    expect(events.at(-1)!.data).toEqual({
      ticketId: 20, executionId: flowExecutionId(1, 4, 'wa-1'), flowId: 6, campaignId: 0, messageId: 'wa-1', bot: prompt,
      reply: { id: 'wa-1', body: 'Qual o horário?', mediaType: 'chat' },
    });
  });

  it("a ticket in a queue goes to the queue's integration; a flowbuilder integration names its flow", () => {
    const events = conversationDecider.decide(receive('wa-2', 'oi', { flows: bots }), fold(conversationDecider, [contact, inQueue5]));
    expect(events.at(-1)).toMatchObject({ type: 'FlowRequested', data: { flowId: 30, bot: integration } });
    // A queue without one: nothing (the menu may answer).
    const other: ContactStreamDomainEvent = { ...opened, data: { ...opened.data, queueId: 7 } } as ContactStreamDomainEvent;
    expect(decided([contact, other], receive('wa-3', 'oi', { flows: bots }))).toEqual(['MessageReceived']);
  });

  it("the menu's choice of a queue with an integration starts it without a question; the next message is its", () => {
    const events = conversationDecider.decide(
      receive('wa-4', '1', { flows: { campaigns: [], bots: { connection: null, queues: { 5: integration } } }, chatbot: chatbot([{ id: 5, name: 'Vendas' }, { id: 7, name: 'Suporte' }]) }),
      fold(conversationDecider, [contact, opened, { type: 'ChatbotAdvanced', data: { ticketId: 20, path: null, invalid: 0, invalidSince: null } } as ContactStreamDomainEvent]),
    );
    expect(events.map((e) => e.type)).toContain('TicketQueueChosen');
    const requested = events.find((e) => e.type === 'FlowRequested')!;
    expect(requested.data).toMatchObject({ flowId: 30, bot: integration, messageId: 'wa-4' });
    expect(requested.data).not.toHaveProperty('reply');
  });

  it('a bot that let the ticket go in a queue does not start again there; a person moving it to another queue wakes that one', () => {
    const run = flowExecutionId(1, 4, 'wa-5');
    const started: ContactStreamDomainEvent = { type: 'FlowRequested', data: { ticketId: 20, executionId: run, flowId: 30, campaignId: 0, messageId: 'wa-5', bot: integration } };
    const handOver = conversationDecider.decide(
      { type: 'SendFlowMessages', ticketId: 20, executionId: run, messages: [], then: { type: 'handOver', queueId: 5, userId: null } },
      fold(conversationDecider, [contact, inQueue5, started]),
    );
    const after = [contact, inQueue5, started, ...handOver];
    expect(decided(after, receive('wa-6', 'ainda aí?', { flows: bots }))).toEqual(['MessageReceived']);
    const moved: ContactStreamDomainEvent = {
      type: 'TicketTransferred',
      data: { ticketId: 20, queueId: null, userId: null, whatsappId: 4, status: 'pending', previousQueueId: 5, previousUserId: null, previousWhatsappId: 4 },
    };
    expect(decided([...after, moved], receive('wa-7', 'oi', { flows: bots }))).toEqual(['MessageReceived', 'FlowRequested']);
  });

  it('a phrase campaign still wins over the bot, and an accepted ticket has neither', () => {
    const both: FlowTriggers = { ...bots, campaigns: triggers.campaigns };
    expect(conversationDecider.decide(receive('wa-8', 'quero comprar', { flows: both }), fold(conversationDecider, [contact, opened])).at(-1)).toMatchObject({ data: { flowId: 8, campaignId: 3 } });
    const accepted = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } } as ContactStreamDomainEvent;
    expect(decided([contact, opened, accepted], receive('wa-9', 'oi', { flows: bots }))).toEqual(['MessageReceived']);
  });
});
