import type { PermissionKey, SessionUser, Ticket } from '@atendo/contracts';
import { can } from '../../app/useCan';
import { Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { ticketAction } from './ticketActions';

export type TicketOptionId = 'transfer' | 'return' | 'contact' | 'delete';

/** An entry of the ticket's options menu (spec §2 ticket actions, §4 Ticket status). */
export interface TicketOption {
  id: TicketOptionId;
  icon: IconName;
  intent?: Intent;
  /** Only for those who hold it (spec §6). */
  permission?: PermissionKey;
  /** Only on tickets it applies to; every ticket when absent. */
  offeredOn?(ticket: Ticket): boolean;
}

export const TICKET_OPTIONS: readonly TicketOption[] = [
  { id: 'transfer', icon: 'exchange' },
  { id: 'return', icon: 'undo', offeredOn: (ticket) => ticket.status === ticketAction('return').from },
  { id: 'contact', icon: 'id-number' },
  { id: 'delete', icon: 'trash', intent: Intent.DANGER, permission: 'ticket-options:deleteTicket' },
];

/** The options `user` is offered on `ticket`, in the menu's order. */
export function ticketOptionsFor(user: SessionUser | null, ticket: Ticket): TicketOption[] {
  return TICKET_OPTIONS.filter((option) => (option.permission === undefined || can(user, option.permission)) && (option.offeredOn?.(ticket) ?? true));
}
