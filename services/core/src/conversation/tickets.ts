import type { TimerKind } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import { DomainError } from '@atendo/platform';
import type { ContactStreamDomainEvent, ContactStreamState, TicketState } from './state.js';

/** What every family may use of the conversation's core tickets: finding one, its owner, changing it, speaking on it. */

export function ticketOf(state: ContactStreamState, ticketId: number): TicketState {
  const ticket = state.tickets.get(ticketId);
  if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', `Ticket ${ticketId} not found`, undefined, 404);
  return ticket;
}

/** An open ticket is its agent's: another user (not an admin) may not act on it. */
export function requireOwner(ticket: TicketState, userId: number | null, admin: boolean): void {
  if (userId === null || admin || ticket.userId === null || ticket.userId === userId) return;
  throw new DomainError('ERR_NO_PERMISSION', 'This ticket is another agent’s', { userId: ticket.userId }, 403);
}

/** Changes a ticket the state knows, in `next`. */
export function changeTicket(next: ContactStreamState, state: ContactStreamState, id: number, change: Partial<TicketState>): void {
  const current = state.tickets.get(id);
  if (!current) return;
  next.tickets = state.tickets.set(id, { ...current, ...change });
}

/** A message the platform itself sends on a ticket (no agent wrote it). */
export function systemMessage(ticket: Pick<TicketState, 'id' | 'whatsappId'>, messageId: string, body: string): ContactStreamDomainEvent {
  return { type: 'MessageQueued', data: { ticketId: ticket.id, messageId, whatsappId: ticket.whatsappId, body, userId: 0, quotedMessageId: null } };
}

/**
 * The event that sets a ticket's deadline of `kind` `minutes` after `at`: any family may arm one (the timers family
 * keeps them and fires them; what a fired one does is its kind's family's, see `TimerEffect`).
 */
export function armTimer(ticketId: number, kind: TimerKind, at: string, minutes: number): ContactStreamDomainEvent {
  return { type: 'TimerArmed', data: { ticketId, kind, dueAt: new Date(Date.parse(at) + minutes * 60_000).toISOString() } };
}

/**
 * A family's facts about each ticket, by ticket id (its slice, or part of it). Kept apart from the core ticket, they
 * travel with it where a ticket travels whole: in snapshots and in a merge of two contacts (`ContactMerged`), as fields
 * of the ticket (`fields`), so what is written stays what it always was.
 */
export type TicketFacts<T extends object> = ImmutableMap<number, T>;

export interface TicketFactsCodec<S> {
  /** The ticket's fields this slice keeps (those defined), to carry on the ticket. */
  export(slice: S, ticketId: number): Record<string, unknown>;
  /** Takes a carried ticket's fields in (replacing what the slice had of that ticket). */
  import(slice: S, ticketId: number, ticket: Record<string, unknown>): S;
  /** The ticket is gone. */
  drop(slice: S, ticketId: number): S;
}

/** The codec of a `TicketFacts` slice whose entries are made of `fields`. */
export function ticketFactsCodec<T extends object>(fields: ReadonlyArray<keyof T & string>): TicketFactsCodec<TicketFacts<T>> {
  return {
    export(slice, ticketId) {
      const facts = slice.get(ticketId) as Record<string, unknown> | undefined;
      const out: Record<string, unknown> = {};
      if (!facts) return out;
      for (const f of fields) if (facts[f] !== undefined) out[f] = facts[f];
      return out;
    },
    import(slice, ticketId, ticket) {
      const facts: Record<string, unknown> = {};
      let any = false;
      for (const f of fields) {
        if (ticket[f] === undefined) continue;
        facts[f] = ticket[f];
        any = true;
      }
      return any ? slice.set(ticketId, facts as T) : slice.delete(ticketId);
    },
    drop: (slice, ticketId) => slice.delete(ticketId),
  };
}

/** No facts about any ticket yet. */
export const noFacts = <T extends object>(): TicketFacts<T> => ImmutableMap<number, T>();

/** Changes (or starts) a family's facts about a ticket the conversation knows. */
export function changeFacts<T extends object>(slice: TicketFacts<T>, conversation: ContactStreamState, ticketId: number, change: Partial<T>): TicketFacts<T> {
  if (!conversation.tickets.has(ticketId) || Object.keys(change).length === 0) return slice;
  return slice.set(ticketId, { ...(slice.get(ticketId) ?? ({} as T)), ...change });
}
