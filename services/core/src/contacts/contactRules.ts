import type { ContactEvent } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import { defineFamily } from '../conversation/family.js';
import { coreTicket, type ContactStreamDomainEvent, type ContactStreamState } from '../conversation/state.js';
import { DomainError } from '@atendo/platform';

type ExtraInfo = Extract<ContactEvent, { type: 'ContactUpdated' }>['data']['extraInfo'];
type Merged = Extract<ContactEvent, { type: 'ContactMerged' }>['data'];

/**
 * Merging two contacts of one person (a LID's and a number's): the LID's stream is closed towards the number, then the
 * number's stream takes in the LID's tickets. Each is a no-op when repeated, so a merge interrupted by a crash is
 * simply run again.
 */
export type ContactCommand =
  | { type: 'MergeInto'; intoNumber: string }
  /** A person adds the contact (the contacts page, an import): refused when the number already has one. */
  | { type: 'CreateContact'; contactId: number; number: string; name: string; email: string; extraInfo: ExtraInfo }
  | { type: 'UpdateContact'; contactId: number; name: string; email: string; extraInfo: ExtraInfo }
  /** Deletes the contact and its tickets (and so their messages). */
  | { type: 'DeleteContact'; contactId: number; userId: number }
  | { type: 'AbsorbContact'; number: string; from: Omit<Merged, 'contactId' | 'number' | 'name'> & { name: string } };

declare module '../conversation/family.js' {
  interface ConversationCommands {
    contacts: ContactCommand;
  }
}

/** The stream's contact, when it is the one a command names (a deleted or merged-away one is not found). */
function named(state: ContactStreamState, contactId: number) {
  if (!state.contact || state.contact.id !== contactId || state.mergedInto !== null) throw new DomainError('ERR_NO_CONTACT_FOUND', `Contact ${contactId} not found`, { contactId }, 404);
  return state.contact;
}

/**
 * The contact record of a customer's stream. Contacts come and get their names from the customer's messages (the
 * messages family decides those) or are added by a person; this family folds them, lets people edit and delete them,
 * and merges two contacts that turn out to be one person. One number, one contact: the stream is the number's.
 */
export const contactRules = defineFamily<ContactCommand>({
  name: 'contacts',
  decide: {
    CreateContact(command, state) {
      if (state.contact) throw new DomainError('ERR_DUPLICATED_CONTACT', `The number ${command.number} already has a contact`, { contactId: state.contact.id }, 409);
      const { contactId, number, name, email, extraInfo } = command;
      const events: ContactStreamDomainEvent[] = [{ type: 'ContactCreated', data: { contactId, number, name, isGroup: false } }];
      if (email || extraInfo.length > 0) events.push({ type: 'ContactUpdated', data: { contactId, name, email, extraInfo } });
      return events;
    },
    UpdateContact(command, state) {
      named(state, command.contactId);
      const { contactId, name, email, extraInfo } = command;
      return [{ type: 'ContactUpdated', data: { contactId, name, email, extraInfo } }];
    },
    DeleteContact(command, state) {
      named(state, command.contactId);
      return [
        ...[...state.tickets.keys()].map((ticketId): ContactStreamDomainEvent => ({ type: 'TicketDeleted', data: { ticketId, userId: command.userId } })),
        { type: 'ContactDeleted', data: { contactId: command.contactId, userId: command.userId } },
      ];
    },
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
    ContactUpdated(next, { data }, state) {
      if (state.contact) next.contact = { ...state.contact, name: data.name };
    },
    ContactDeleted(next) {
      next.contact = null;
      next.currentTicketId = null;
    },
    ContactMergedInto(next, { data }) {
      next.mergedInto = data.intoNumber;
    },
    ContactMerged(next, { data }, state) {
      next.contact = state.contact ?? { id: data.contactId, number: data.number, name: data.name, isGroup: false };
      // Each family's facts about these tickets come with them (conversation/compose.ts).
      next.tickets = state.tickets.merge(ImmutableMap(data.tickets.map((t) => [t.id, coreTicket(t)])));
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
});
