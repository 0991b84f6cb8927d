import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { conversationDecider } from '../testing/conversation.js';

const spec = deciderSpec(conversationDecider);

const contact: ContactStreamDomainEvent = { type: 'ContactCreated', data: { contactId: 10, number: '5511999990001', name: 'Ana', isGroup: false } };
const opened: ContactStreamDomainEvent = { type: 'TicketOpened', data: { ticketId: 20, uuid: 'uuid-20', contactId: 10, whatsappId: 4, queueId: 2, isGroup: false } };
const accepted: ContactStreamDomainEvent = { type: 'TicketAccepted', data: { ticketId: 20, userId: 7 } };
const queued: ContactStreamDomainEvent = { type: 'MessageQueued', data: { ticketId: 20, messageId: 'm-1', whatsappId: 4, body: 'Oops', userId: 7, quotedMessageId: null } };
const dispatched: ContactStreamDomainEvent = { type: 'MessageDispatched', data: { ticketId: 20, messageId: 'm-1', providerMessageId: 'WA-1' } };

describe('deleting a sent message', () => {
  it('marks it deleted and names the WhatsApp message to delete for everyone, once', () => {
    spec.given([contact, opened, accepted, queued, dispatched]).when({ type: 'DeleteMessage', messageId: 'm-1' }).then([
      { type: 'MessageDeleted', data: { ticketId: 20, messageId: 'm-1', whatsappId: 4, providerMessageId: 'WA-1' } },
    ]);
    const deleted: ContactStreamDomainEvent = { type: 'MessageDeleted', data: { ticketId: 20, messageId: 'm-1', whatsappId: 4, providerMessageId: 'WA-1' } };
    spec.given([contact, opened, accepted, queued, dispatched, deleted]).when({ type: 'DeleteMessage', messageId: 'm-1' }).then([]);
  });
  it('one not yet sent is only marked deleted; one the conversation did not send cannot be', () => {
    spec.given([contact, opened, accepted, queued]).when({ type: 'DeleteMessage', messageId: 'm-1' }).then([
      { type: 'MessageDeleted', data: { ticketId: 20, messageId: 'm-1', whatsappId: 4, providerMessageId: null } },
    ]);
    spec.given([contact, opened, accepted]).when({ type: 'DeleteMessage', messageId: 'customer-msg' }).thenThrows('ERR_DELETE_WAPP_MSG');
  });
});
