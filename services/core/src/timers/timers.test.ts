import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const contact = (isGroup = false): ContactStreamDomainEvent => ({ type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup } });
const opened = (queueId: number | null = 2): ContactStreamDomainEvent => ({ type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId, isGroup: false } });
const accepted: ContactStreamDomainEvent = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } };
const armed = (kind: 'autoClose' | 'autoTransfer' | 'ratingWait', dueAt: string): ContactStreamDomainEvent => ({ type: 'TimerArmed', data: { ticketId: 20, kind, dueAt } });
const fired = (kind: 'autoClose' | 'autoTransfer' | 'ratingWait', dueAt: string): ContactStreamDomainEvent => ({ type: 'TimerFired', data: { ticketId: 20, kind, dueAt } });
const customerSays = (messageId: string, body = 'oi'): ContactStreamDomainEvent => ({
  type: 'MessageReceived',
  data: { ticketId: 20, messageId, whatsappId: 4, body, mediaType: 'chat', sentAt: '2026-11-25T10:00:00.000Z', quotedMessageId: null },
});
const reply = (changes: Partial<Extract<ContactStreamCommand, { type: 'QueueMessage' }>> = {}): ContactStreamCommand => ({
  type: 'QueueMessage', ticketId: 20, messageId: 'm-1', body: 'Posso ajudar?', userId: 7, admin: false, quotedMessageId: null, ...changes,
});
const queued = { type: 'MessageQueued', data: { ticketId: 20, messageId: 'm-1', whatsappId: 4, body: 'Posso ajudar?', userId: 7, quotedMessageId: null } } as ContactStreamDomainEvent;
const fire = (kind: 'autoClose' | 'autoTransfer' | 'ratingWait', dueAt: string, more: Partial<Extract<ContactStreamCommand, { type: 'FireTimer' }>> = {}): ContactStreamCommand => ({
  type: 'FireTimer', ticketId: 20, kind, dueAt, ...more,
});
const inactivity = { messageId: 'x-1', body: 'Encerramos por inatividade.' };

describe('auto-close (expiresTicket)', () => {
  it('an agent’s message arms it for the connection’s minutes; none when the connection sets none or the contact is a group', () => {
    spec.given([contact(), opened(), accepted]).when(reply({ autoClose: { minutes: 30, at: '2026-11-25T10:00:00.000Z' } })).then([queued, armed('autoClose', '2026-11-25T10:30:00.000Z')]);
    spec.given([contact(), opened(), accepted]).when(reply({ autoClose: { minutes: 0, at: '2026-11-25T10:00:00.000Z' } })).then([queued]);
    spec.given([contact(true), opened(), accepted]).when(reply({ autoClose: { minutes: 30, at: '2026-11-25T10:00:00.000Z' } })).then([queued]);
  });
  it('due: the inactivity message, and the ticket closes by the system', () => {
    spec
      .given([contact(), opened(), accepted, queued, armed('autoClose', '2026-11-25T10:30:00.000Z')])
      .when(fire('autoClose', '2026-11-25T10:30:00.000Z', { inactivity }))
      .then([
        fired('autoClose', '2026-11-25T10:30:00.000Z'),
        { type: 'MessageQueued', data: { ticketId: 20, messageId: 'x-1', whatsappId: 4, body: 'Encerramos por inatividade.', userId: 0, quotedMessageId: null } },
        { type: 'TicketResolved', data: { ticketId: 20, userId: null } },
      ]);
    spec.given([contact(), opened(), accepted, queued, armed('autoClose', '2026-11-25T10:30:00.000Z')]).when(fire('autoClose', '2026-11-25T10:30:00.000Z')).then([
      fired('autoClose', '2026-11-25T10:30:00.000Z'),
      { type: 'TicketResolved', data: { ticketId: 20, userId: null } },
    ]);
  });
  it('does nothing once the customer answered, the timer was armed again, it fired already or the ticket closed', () => {
    const base = [contact(), opened(), accepted, queued, armed('autoClose', '2026-11-25T10:30:00.000Z')];
    spec.given([...base, customerSays('c-1')]).when(fire('autoClose', '2026-11-25T10:30:00.000Z', { inactivity })).then([]);
    spec.given([...base, armed('autoClose', '2026-11-25T10:45:00.000Z')]).when(fire('autoClose', '2026-11-25T10:30:00.000Z', { inactivity })).then([]);
    spec.given([...base, fired('autoClose', '2026-11-25T10:30:00.000Z')]).when(fire('autoClose', '2026-11-25T10:30:00.000Z', { inactivity })).then([]);
    spec.given([...base, { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } }]).when(fire('autoClose', '2026-11-25T10:30:00.000Z', { inactivity })).then([]);
  });
});

describe('auto-transfer (timeToTransfer)', () => {
  const receive = (queueId: number | null, autoTransferMinutes?: number): ContactStreamCommand => ({
    type: 'ReceiveMessage', companyId: 1, whatsappId: 4, messageId: 'c-1', number: '5511999990001', pushName: 'Ana', body: 'oi', mediaType: 'chat',
    sentAt: '2026-11-25T10:00:00.000Z', isGroup: false, quotedMessageId: null, queueId, newContactId: 10, newTicketId: 20, newTicketUuid: 'uuid-20',
    ...(autoTransferMinutes ? { autoTransferMinutes } : {}),
  });
  it('a new ticket with no queue arms it; one that opens in a queue does not', () => {
    spec.given([contact()]).when(receive(null, 5)).then([opened(null), armed('autoTransfer', '2026-11-25T10:05:00.000Z'), customerSays('c-1')]);
    spec.given([contact()]).when(receive(2, 5)).then([opened(2), customerSays('c-1')]);
    spec.given([contact()]).when(receive(null)).then([opened(null), customerSays('c-1')]);
  });
  it('due: the ticket moves to the transfer queue, still pending', () => {
    spec
      .given([contact(), opened(null), armed('autoTransfer', '2026-11-25T10:05:00.000Z')])
      .when(fire('autoTransfer', '2026-11-25T10:05:00.000Z', { transferQueueId: 3 }))
      .then([
        fired('autoTransfer', '2026-11-25T10:05:00.000Z'),
        { type: 'TicketTransferred', data: { ticketId: 20, queueId: 3, userId: null, whatsappId: 4, status: 'pending', previousQueueId: null, previousUserId: null, previousWhatsappId: 4 } },
      ]);
  });
  it('does nothing once the ticket has a queue or a person, or the connection lost its transfer queue', () => {
    const base = [contact(), opened(null), armed('autoTransfer', '2026-11-25T10:05:00.000Z')];
    spec.given([...base, { type: 'TicketQueueChosen', data: { ticketId: 20, queueId: 2 } }]).when(fire('autoTransfer', '2026-11-25T10:05:00.000Z', { transferQueueId: 3 })).then([]);
    spec.given([...base, accepted]).when(fire('autoTransfer', '2026-11-25T10:05:00.000Z', { transferQueueId: 3 })).then([]);
    spec.given(base).when(fire('autoTransfer', '2026-11-25T10:05:00.000Z', { transferQueueId: null })).then([]);
  });
});

describe('rating wait', () => {
  const resolveAsking: ContactStreamCommand = { type: 'ResolveTicket', ticketId: 20, userId: 7, admin: false, rating: { messageId: 'r-1', body: 'Avalie', at: '2026-11-25T10:00:00.000Z' } };
  it('asking arms the wait; due unanswered, the wait ends without a rating', () => {
    spec.given([contact(), opened(), accepted]).when(resolveAsking).then([
      { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } },
      { type: 'MessageQueued', data: { ticketId: 20, messageId: 'r-1', whatsappId: 4, body: 'Avalie', userId: 0, quotedMessageId: null } },
      { type: 'TicketRatingAsked', data: { ticketId: 20, askedAt: '2026-11-25T10:00:00.000Z', tries: 0 } },
      armed('ratingWait', '2026-11-25T10:10:00.000Z'),
    ]);
    const asked: ContactStreamDomainEvent[] = [contact(), opened(), accepted, { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } }, { type: 'TicketRatingAsked', data: { ticketId: 20, askedAt: '2026-11-25T10:00:00.000Z', tries: 0 } }, armed('ratingWait', '2026-11-25T10:10:00.000Z')];
    spec.given(asked).when(fire('ratingWait', '2026-11-25T10:10:00.000Z')).then([fired('ratingWait', '2026-11-25T10:10:00.000Z'), { type: 'TicketRatingDropped', data: { ticketId: 20, reason: 'expired' } }]);
    spec.given([...asked, { type: 'TicketRated', data: { ticketId: 20, userId: 7, rate: 3 } }]).when(fire('ratingWait', '2026-11-25T10:10:00.000Z')).then([]);
  });
});
