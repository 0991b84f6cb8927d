import type { RowFolds } from './folds.js';

/** A ticket's row through its lifecycle. */
export const ticketFolds: RowFolds = {
  TicketOpened({ tickets, touched }, e, d) {
    const at = e.metadata.occurredAt;
    tickets.set({
      id: d.ticketId, uuid: d.uuid, company_id: e.metadata.companyId, status: 'pending', user_id: null, queue_id: d.queueId, whatsapp_id: d.whatsappId,
      contact_id: d.contactId, last_message: '', unread_messages: 0, is_group: d.isGroup, chatbot: false, stream_id: e.streamId, created_at: at, updated_at: at,
    });
    touched.push({ event: e, ticketId: d.ticketId });
  },
  TicketAccepted: assigned,
  TicketReopened: assigned,
  TicketResolved({ tickets, touched }, e, d) {
    tickets.update(d.ticketId, () => ({ status: 'closed', updated_at: e.metadata.occurredAt }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
  TicketReturnedToQueue({ tickets, touched }, e, d) {
    tickets.update(d.ticketId, () => ({ status: 'pending', user_id: null, updated_at: e.metadata.occurredAt }));
    touched.push({ event: e, ticketId: d.ticketId, previousUserId: d.previousUserId });
  },
  TicketRead({ tickets, touched }, e, d) {
    tickets.update(d.ticketId, () => ({ unread_messages: 0 }));
    touched.push({ event: e, ticketId: d.ticketId, unreadReset: true });
  },
  // A person sent the ticket on: its queue, agent, connection and status as they decided.
  TicketTransferred({ tickets, touched }, e, d) {
    tickets.update(d.ticketId, () => ({ queue_id: d.queueId, user_id: d.userId, whatsapp_id: d.whatsappId, status: d.status, chatbot: false, updated_at: e.metadata.occurredAt }));
    touched.push({ event: e, ticketId: d.ticketId, previousUserId: d.previousUserId });
  },
  // The customer chose a queue from the bot's menu (or the bot sent the ticket on): the queue's agents now see it.
  TicketQueueChosen({ tickets, touched }, e, d) {
    tickets.update(d.ticketId, () => ({ queue_id: d.queueId, updated_at: e.metadata.occurredAt }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
  // Whether the bot is talking on the ticket (the list shows it).
  ChatbotAdvanced({ tickets, touched }, e, d) {
    const t = tickets.get(d.ticketId);
    if (!t || t.chatbot) return;
    tickets.update(d.ticketId, () => ({ chatbot: true }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
  ChatbotStopped({ tickets, touched }, e, d) {
    const t = tickets.get(d.ticketId);
    if (!t || !t.chatbot) return;
    tickets.update(d.ticketId, () => ({ chatbot: false }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
  ChatbotResumed({ tickets, touched }, e, d) {
    const t = tickets.get(d.ticketId);
    if (!t || t.chatbot) return;
    tickets.update(d.ticketId, () => ({ chatbot: true }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
  // The bot's bookkeeping of hours: its message shows as a message; the ticket's row does not change.
  ChatbotOutOfHours() {},
  ChatbotGreeted() {},
  // Ratings are the log's (each names the ticket's agent): the dashboard's read model counts them; the row does not change.
  TicketRatingAsked() {},
  TicketRated() {},
  TicketRatingDropped() {},
  // A deadline is the timers read model's; what a fired one does comes as its own events.
  TimerArmed() {},
  TimerFired() {},
  TicketDeleted({ tickets, deleted }, e, d) {
    const t = tickets.get(d.ticketId);
    if (t) deleted.push({ companyId: e.metadata.companyId, ticket: t });
  },
};

function assigned(...[{ tickets, touched }, e, d]: Parameters<NonNullable<RowFolds['TicketAccepted']>>): void {
  const before = tickets.get(d.ticketId);
  tickets.update(d.ticketId, () => ({ status: 'open', user_id: d.userId, chatbot: false, updated_at: e.metadata.occurredAt }));
  touched.push({ event: e, ticketId: d.ticketId, previousUserId: before?.user_id ?? null });
}
