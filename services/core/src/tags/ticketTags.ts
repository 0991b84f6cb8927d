import type { RuleFamily } from '../commands/ruleFamily.js';
import type { ContactStreamDomainEvent, ContactStreamState } from '../contacts/contactStream.js';
import { ticketOf } from '../tickets/ticketRules.js';

/**
 * A ticket's tags, decided on the customer's stream where the ticket lives: putting a tag on or taking it off is a
 * no-op when it is already so, and setting a ticket's tags (`SyncTicketTags`) takes off the ones not named, then puts
 * on the new ones. Whether a tag is the company's is checked by the API before the command: the log keeps ids only.
 */
export type TicketTagCommand =
  | { type: 'TagTicket'; ticketId: number; tagId: number }
  | { type: 'UntagTicket'; ticketId: number; tagId: number }
  | { type: 'SyncTicketTags'; ticketId: number; tagIds: number[] };

const tagsOf = (state: ContactStreamState, ticketId: number) => ticketOf(state, ticketId).tags ?? [];

export const ticketTagRules: RuleFamily<TicketTagCommand, ContactStreamDomainEvent, ContactStreamState> = {
  name: 'ticketTags',
  decide: {
    TagTicket({ ticketId, tagId }, state) {
      return tagsOf(state, ticketId).includes(tagId) ? [] : [{ type: 'TicketTagged', data: { ticketId, tagId } }];
    },
    UntagTicket({ ticketId, tagId }, state) {
      return tagsOf(state, ticketId).includes(tagId) ? [{ type: 'TicketUntagged', data: { ticketId, tagId } }] : [];
    },
    SyncTicketTags({ ticketId, tagIds }, state) {
      const current = tagsOf(state, ticketId);
      const wanted = [...new Set(tagIds)];
      return [
        ...current.filter((id) => !wanted.includes(id)).map((tagId): ContactStreamDomainEvent => ({ type: 'TicketUntagged', data: { ticketId, tagId } })),
        ...wanted.filter((id) => !current.includes(id)).map((tagId): ContactStreamDomainEvent => ({ type: 'TicketTagged', data: { ticketId, tagId } })),
      ];
    },
  },
  evolve: {
    TicketTagged(next, { data }, state) {
      const ticket = state.tickets.get(data.ticketId);
      if (!ticket || ticket.tags?.includes(data.tagId)) return;
      next.tickets = state.tickets.set(data.ticketId, { ...ticket, tags: [...(ticket.tags ?? []), data.tagId] });
    },
    TicketUntagged(next, { data }, state) {
      const ticket = state.tickets.get(data.ticketId);
      if (!ticket?.tags?.includes(data.tagId)) return;
      next.tickets = state.tickets.set(data.ticketId, { ...ticket, tags: ticket.tags.filter((id) => id !== data.tagId) });
    },
  },
};
