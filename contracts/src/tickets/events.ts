/** A ticket's lifecycle: opened by a customer's first message, accepted, resolved, reopened, returned, read, deleted. */
export type TicketEvent =
  | { type: 'TicketOpened'; data: { ticketId: number; uuid: string; contactId: number; whatsappId: number; queueId: number | null; isGroup: boolean } }
  | { type: 'TicketAccepted'; data: { ticketId: number; userId: number } }
  | { type: 'TicketResolved'; data: { ticketId: number; userId: number | null } }
  | { type: 'TicketReopened'; data: { ticketId: number; userId: number } }
  | { type: 'TicketReturnedToQueue'; data: { ticketId: number; previousUserId: number | null } }
  | { type: 'TicketRead'; data: { ticketId: number } }
  | { type: 'TicketDeleted'; data: { ticketId: number; userId: number } }
  /**
   * A person moved the ticket to another queue, agent and/or connection. With an agent it is theirs and open; with a
   * queue alone it waits, pending, for that queue's agents.
   */
  | {
      type: 'TicketTransferred';
      data: {
        ticketId: number;
        queueId: number | null;
        userId: number | null;
        whatsappId: number;
        status: 'open' | 'pending';
        previousQueueId: number | null;
        previousUserId: number | null;
        previousWhatsappId: number;
      };
    }
  /** The ticket joined a queue: the customer chose it from the bot's menu, or the bot gave up and sent it on. */
  | { type: 'TicketQueueChosen'; data: { ticketId: number; queueId: number } };
