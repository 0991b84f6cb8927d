import { lazy } from 'react';
import { TICKETS_PERMISSIONS } from '@atendo/contracts/tickets';
import { defineConsoleFeature } from '../feature';
import { ticketsTranslations } from './i18n';

// Loaded when first opened: the sign-in page does not carry the inbox's code.
const TicketsPage = lazy(() => import('./TicketsPage').then((m) => ({ default: m.TicketsPage })));
// Loaded when a contact's ticket is first started from the contacts page.
const ContactTicketDialog = lazy(() => import('./ContactTicketDialog').then((m) => ({ default: m.ContactTicketDialog })));

export const ticketsFeature = defineConsoleFeature('tickets', ticketsTranslations, {
  permissions: [TICKETS_PERMISSIONS],
  pages: [{ path: '/tickets/:ticketId?', access: 'private', element: <TicketsPage /> }],
  menu: [{ path: '/tickets', label: 'tickets', icon: 'chat', group: 'main', order: 20 }],
  channels: ['ticket', 'appMessage'],
  parts: { contactActions: [{ id: 'ticket', icon: 'chat', label: 'startTicket', dialog: ContactTicketDialog }] },
});
