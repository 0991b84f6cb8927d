import { defineFamily, defineSlice } from '../conversation/family.js';
import type { ContactStreamDomainEvent, ContactStreamState } from '../conversation/state.js';
import { noFacts, ticketFactsCodec, ticketOf, type TicketFacts } from '../conversation/tickets.js';

/**
 * A ticket's tags, decided on the customer's stream where the ticket lives: putting a tag on or taking it off is a
 * no-op when it is already so, and setting a ticket's tags (`SyncTicketTags`) takes off the ones not named, then puts
 * on the new ones. Whether a tag is the company's is checked by the API before the command: the log keeps ids only.
 */
export type TicketTagCommand =
  | { type: 'TagTicket'; ticketId: number; tagId: number }
  | { type: 'UntagTicket'; ticketId: number; tagId: number }
  | { type: 'SyncTicketTags'; ticketId: number; tagIds: number[] };

/** A ticket's tags' ids; absent: none. */
export interface TicketTags {
  tags?: number[];
}

declare module '../conversation/state.js' {
  interface ConversationSlices {
    tags: TicketFacts<TicketTags>;
  }
}
declare module '../conversation/family.js' {
  interface ConversationCommands {
    tags: TicketTagCommand;
  }
}

/** The tags of a ticket the conversation has. */
export const tagsOf = (state: ContactStreamState, ticketId: number) => state.slices.tags.get(ticketOf(state, ticketId).id)?.tags ?? [];

export const ticketTagRules = defineFamily<TicketTagCommand>({
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
  slice: defineSlice({
    key: 'tags',
    initial: noFacts,
    tickets: ticketFactsCodec<TicketTags>(['tags']),
    evolve: {
      TicketTagged(slice, { data }, conversation) {
        const tags = slice.get(data.ticketId)?.tags;
        if (!conversation.tickets.has(data.ticketId) || tags?.includes(data.tagId)) return slice;
        return slice.set(data.ticketId, { ...slice.get(data.ticketId), tags: [...(tags ?? []), data.tagId] });
      },
      TicketUntagged(slice, { data }, conversation) {
        const tags = slice.get(data.ticketId)?.tags;
        if (!conversation.tickets.has(data.ticketId) || !tags?.includes(data.tagId)) return slice;
        return slice.set(data.ticketId, { ...slice.get(data.ticketId), tags: tags.filter((id) => id !== data.tagId) });
      },
    },
  }),
});
