import { describe, it } from 'vitest';
import type { ChatbotContext } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { inboundEventId, nameBasedUuid, type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const QUESTION = 'Como foi o atendimento?\n\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';
const chatbot: ChatbotContext = {
  greetingMessage: '',
  queues: [],
  greetOneQueue: false,
  maxInvalid: 3,
  invalidWindowMinutes: 0,
  transferQueueId: null,
  hours: { scope: 'disabled', timeZone: 'UTC', schedules: [], outOfHoursMessage: '' },
  rating: { question: QUESTION, completion: 'Obrigado! Até a próxima.' },
};
const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const receive = (messageId: string, body: string, minute = 1): ContactStreamCommand => ({
  type: 'ReceiveMessage', companyId: 1, whatsappId: 4, messageId, number: '5511999990001', pushName: 'Ana', body, mediaType: 'chat', sentAt: at(minute),
  isGroup: false, quotedMessageId: null, queueId: 2, newContactId: 10, newTicketId: 21, newTicketUuid: 'uuid-21', chatbot,
});

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened = (ticketId = 20): ContactStreamDomainEvent => ({ type: 'TicketOpened', data: { ticketId, uuid: `uuid-${ticketId}`, contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } });
const accepted: ContactStreamDomainEvent = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } };
const resolved: ContactStreamDomainEvent = { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } };
const asked = (tries = 0): ContactStreamDomainEvent => ({ type: 'TicketRatingAsked', data: { ticketId: 20, askedAt: at(0), tries } });
const question: ContactStreamDomainEvent = { type: 'MessageQueued', data: { ticketId: 20, messageId: 'q-1', whatsappId: 4, body: QUESTION, userId: 0, quotedMessageId: null } };
const received = (messageId: string, body: string, ticketId = 20, minute = 1): ContactStreamDomainEvent => ({
  type: 'MessageReceived', id: inboundEventId(1, 4, messageId), data: { ticketId, messageId, whatsappId: 4, body, mediaType: 'chat', sentAt: at(minute), quotedMessageId: null },
});
const says = (messageId: string, body: string, ticketId = 20): ContactStreamDomainEvent => ({
  type: 'MessageQueued', data: { ticketId, messageId: nameBasedUuid(`atendo:chatbot:1:4:${messageId}:0`), whatsappId: 4, body, userId: 0, quotedMessageId: null },
});
const waiting = [contact, opened(), accepted, resolved, question, asked()];

describe('rating (rule 4)', () => {
  it('resolving asks the question and waits, with a deadline (the rating-wait timer)', () => {
    spec
      .given([contact, opened(), accepted])
      .when({ type: 'ResolveTicket', ticketId: 20, userId: 7, admin: false, rating: { messageId: 'q-1', body: QUESTION, at: at(0) } })
      .then([resolved, question, asked(), { type: 'TimerArmed', data: { ticketId: 20, kind: 'ratingWait', dueAt: at(10) } }]);
  });
  it('without a rating, resolving says goodbye with the completion message', () => {
    spec
      .given([contact, opened(), accepted])
      .when({ type: 'ResolveTicket', ticketId: 20, userId: 7, admin: false, farewell: { messageId: 'f-1', body: 'Até logo!' } })
      .then([resolved, { type: 'MessageQueued', data: { ticketId: 20, messageId: 'f-1', whatsappId: 4, body: 'Até logo!', userId: 0, quotedMessageId: null } }]);
  });
  it('an answer 1 to 3 rates the agent, says the completion message, and opens no ticket', () => {
    spec
      .given(waiting)
      .when(receive('r1', ' 3 '))
      .then([received('r1', ' 3 '), { type: 'TicketRated', data: { ticketId: 20, userId: 7, rate: 3 } }, says('r1', 'Obrigado! Até a próxima.')]);
  });
  it('another answer gets the question once more; a second one ends the wait without a rating', () => {
    spec.given(waiting).when(receive('r1', 'ótimo!')).then([received('r1', 'ótimo!'), says('r1', QUESTION), asked(1)]);
    spec.given([...waiting, received('r1', 'ótimo!'), says('r1', QUESTION), asked(1)]).when(receive('r2', 'nota dez')).then([
      received('r2', 'nota dez'),
      { type: 'TicketRatingDropped', data: { ticketId: 20, reason: 'unanswered' } },
    ]);
  });
  it('after the wait a message opens a new ticket, as any message after a resolved one', () => {
    spec
      .given(waiting)
      .when(receive('r1', 'oi de novo', 30))
      .then([{ type: 'TicketRatingDropped', data: { ticketId: 20, reason: 'expired' } }, opened(21), received('r1', 'oi de novo', 21, 30)]);
  });
  it('a ticket reopened while its rating is awaited takes messages as usual', () => {
    spec
      .given([...waiting, { type: 'TicketReopened', data: { ticketId: 20, userId: 7 } }])
      .when(receive('r1', '3'))
      .then([received('r1', '3')]);
  });
});
