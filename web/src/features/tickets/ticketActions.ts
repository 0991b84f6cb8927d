import type { TicketStatus, UpdateTicketRequest } from '@atendo/contracts';
import { Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';

export type TicketActionId = 'accept' | 'resolve' | 'reopen' | 'return';

/** A status change a user can make on a ticket (spec §4 Ticket status). */
export interface TicketAction {
  id: TicketActionId;
  icon: IconName;
  intent: Intent;
  /** The status the ticket must have for the action to be offered. */
  from: TicketStatus;
  change(me: number): UpdateTicketRequest;
  /** After accept or reopen the view stays on the ticket; after resolve or return it goes back to the list. */
  then: 'stay' | 'list';
}

export const TICKET_ACTIONS: readonly TicketAction[] = [
  { id: 'accept', icon: 'tick', intent: Intent.PRIMARY, from: 'pending', change: (me) => ({ status: 'open', userId: me }), then: 'stay' },
  { id: 'return', icon: 'undo', intent: Intent.NONE, from: 'open', change: () => ({ status: 'pending', userId: null }), then: 'list' },
  { id: 'resolve', icon: 'tick-circle', intent: Intent.SUCCESS, from: 'open', change: (me) => ({ status: 'closed', userId: me }), then: 'list' },
  { id: 'reopen', icon: 'refresh', intent: Intent.PRIMARY, from: 'closed', change: (me) => ({ status: 'open', userId: me }), then: 'stay' },
];

export function ticketAction(id: TicketActionId): TicketAction {
  const action = TICKET_ACTIONS.find((a) => a.id === id);
  if (!action) throw new Error(`Unknown ticket action ${id}`);
  return action;
}
