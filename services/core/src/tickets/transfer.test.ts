import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { type ContactStreamCommand } from '../conversation/decider.js';
import { conversationDecider } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } };
const accepted = (userId = 7): ContactStreamDomainEvent => ({ type: 'TicketAccepted', data: { ticketId: 20, userId } });
const transfer = (changes: Partial<Extract<ContactStreamCommand, { type: 'TransferTicket' }>>): ContactStreamCommand => ({ type: 'TransferTicket', ticketId: 20, by: 7, admin: false, ...changes });
const transferred = (data: Partial<Extract<ContactStreamDomainEvent, { type: 'TicketTransferred' }>['data']>): ContactStreamDomainEvent => ({
  type: 'TicketTransferred',
  data: { ticketId: 20, queueId: 2, userId: 7, whatsappId: 4, status: 'open', previousQueueId: 2, previousUserId: 7, previousWhatsappId: 4, ...data },
});

describe('transfer', () => {
  it('to a queue alone: the ticket waits there, pending, for its agents', () => {
    spec.given([contact, opened, accepted()]).when(transfer({ queueId: 3, userId: null })).then([transferred({ queueId: 3, userId: null, status: 'pending' })]);
  });
  it('to an agent (and a queue): it is theirs, open', () => {
    spec.given([contact, opened, accepted()]).when(transfer({ queueId: 3, userId: 8 })).then([transferred({ queueId: 3, userId: 8 })]);
    spec.given([contact, opened]).when(transfer({ userId: 8, by: 1, admin: true })).then([transferred({ userId: 8, previousUserId: null })]);
  });
  it('to another connection: the conversation goes on through it', () => {
    spec.given([contact, opened, accepted()]).when(transfer({ whatsappId: 5 })).then([transferred({ whatsappId: 5 })]);
  });
  it('tells the customer through the connection it goes on with, when the company says so', () => {
    spec
      .given([contact, opened, accepted()])
      .when(transfer({ queueId: 3, userId: null, whatsappId: 5, notice: { messageId: 'n-1', body: 'Você foi transferido para a fila *Suporte*.' } }))
      .then([
        transferred({ queueId: 3, userId: null, status: 'pending', whatsappId: 5 }),
        { type: 'MessageQueued', data: { ticketId: 20, messageId: 'n-1', whatsappId: 5, body: 'Você foi transferido para a fila *Suporte*.', userId: 0, quotedMessageId: null } },
      ]);
  });
  it('changes nothing when nothing changes; refuses a closed ticket and another agent’s', () => {
    spec.given([contact, opened, accepted()]).when(transfer({ queueId: 2, userId: 7 })).then([]);
    spec.given([contact, opened, accepted(), { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } }]).when(transfer({ queueId: 3 })).thenThrows('ERR_TICKET_CLOSED');
    spec.given([contact, opened, accepted(9)]).when(transfer({ queueId: 3 })).thenThrows('ERR_NO_PERMISSION');
    spec.given([contact, opened, accepted(9)]).when(transfer({ queueId: 3, admin: true })).then([transferred({ queueId: 3, userId: 9, previousUserId: 9 })]);
  });

  it('accepting with a greeting sends it as the agent', () => {
    spec
      .given([contact, opened])
      .when({ type: 'AcceptTicket', ticketId: 20, userId: 7, greeting: { messageId: 'g-1', body: 'Olá, *Ana*! Meu nome é *Bia* e vou continuar o seu atendimento.' } })
      .then([accepted(), { type: 'MessageQueued', data: { ticketId: 20, messageId: 'g-1', whatsappId: 4, body: 'Olá, *Ana*! Meu nome é *Bia* e vou continuar o seu atendimento.', userId: 7, quotedMessageId: null } }]);
  });

  it('an agent starts a ticket with a known contact: open and theirs; refused while another is open or pending', () => {
    const closed = [contact, opened, accepted(), { type: 'TicketResolved', data: { ticketId: 20, userId: 7 } } as ContactStreamDomainEvent];
    const start: ContactStreamCommand = { type: 'StartTicket', ticketId: 21, uuid: 'uuid-21', userId: 8, queueId: 3, whatsappId: 4 };
    spec.given(closed).when(start).then([
      { type: 'TicketOpened', data: { ticketId: 21, uuid: 'uuid-21', contactId: 10, whatsappId: 4, queueId: 3, isGroup: false } },
      { type: 'TicketAccepted', data: { ticketId: 21, userId: 8 } },
    ]);
    spec.given([contact, opened, accepted()]).when(start).thenThrows('ERR_OTHER_OPEN_TICKET');
    spec.given([]).when(start).thenThrows('ERR_NOT_FOUND');
  });
});
