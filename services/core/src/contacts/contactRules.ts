import type { ContactEvent } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import type { RuleFamily } from '../commands/ruleFamily.js';
import type { ContactStreamDomainEvent, ContactStreamState } from './contactStream.js';

type Merged = Extract<ContactEvent, { type: 'ContactMerged' }>['data'];

/**
 * Merging two contacts of one person (a LID's and a number's): the LID's stream is closed towards the number, then the
 * number's stream takes in the LID's tickets. Each is a no-op when repeated, so a merge interrupted by a crash is
 * simply run again.
 */
export type ContactCommand =
  | { type: 'MergeInto'; intoNumber: string }
  | { type: 'AbsorbContact'; number: string; from: Omit<Merged, 'contactId' | 'number' | 'name'> & { name: string } };

/**
 * The contact record of a customer's stream. Contacts come and get their names from the customer's messages (the
 * messages family decides those); this family folds them, and merges two contacts that turn out to be one person.
 */
export const contactRules: RuleFamily<ContactCommand, ContactStreamDomainEvent, ContactStreamState> = {
  name: 'contacts',
  decide: {
    MergeInto(command, state) {
      if (!state.contact || state.mergedInto !== null) return [];
      return [{ type: 'ContactMergedInto', data: { contactId: state.contact.id, intoNumber: command.intoNumber } }];
    },
    AbsorbContact(command, state) {
      const { from } = command;
      if (state.absorbed.includes(from.fromContactId) || state.contact?.id === from.fromContactId) return [];
      const events: ContactStreamDomainEvent[] = [
        {
          type: 'ContactMerged',
          data: {
            ...from,
            // With no contact of its own yet, the number's stream keeps the LID's contact (renamed to the number).
            contactId: state.contact?.id ?? from.fromContactId,
            number: command.number,
            name: state.contact?.name ?? from.name,
          },
        },
      ];
      // One thread: both had a conversation going, so the LID's is closed and the number's goes on.
      if (state.currentTicketId !== null && from.currentTicketId !== null) {
        events.push({ type: 'TicketResolved', data: { ticketId: from.currentTicketId, userId: null } });
      }
      return events;
    },
  },
  evolve: {
    ContactCreated(next, { data }) {
      next.contact = { id: data.contactId, number: data.number, name: data.name, isGroup: data.isGroup };
    },
    ContactRenamed(next, { data }, state) {
      if (state.contact) next.contact = { ...state.contact, name: data.name };
    },
    ContactMergedInto(next, { data }) {
      next.mergedInto = data.intoNumber;
    },
    ContactMerged(next, { data }, state) {
      next.contact = state.contact ?? { id: data.contactId, number: data.number, name: data.name, isGroup: false };
      next.tickets = state.tickets.merge(ImmutableMap(data.tickets.map((t) => [t.id, t])));
      next.currentTicketId = state.currentTicketId ?? data.currentTicketId;
      let received = state.received;
      for (const id of data.received) received = received.set(id, true);
      next.received = received;
      let outbound = state.outbound;
      let byProviderId = state.byProviderId;
      for (const [id, ticketId, providerMessageId, ack, failed] of data.outbound) {
        outbound = outbound.set(id, { ticketId, providerMessageId, ack, failed });
        if (providerMessageId !== null) byProviderId = byProviderId.set(providerMessageId, id);
      }
      next.outbound = outbound;
      next.byProviderId = byProviderId;
      next.absorbed = [...state.absorbed, data.fromContactId];
    },
  },
};
