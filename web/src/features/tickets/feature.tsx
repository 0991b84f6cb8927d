import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened: the sign-in page does not carry the inbox's code.
const TicketsPage = lazy(() => import('./TicketsPage').then((m) => ({ default: m.TicketsPage })));

export const ticketsFeature: ConsoleFeature = {
  name: 'tickets',
  pages: [{ path: '/tickets/:ticketId?', access: 'private', element: <TicketsPage /> }],
};
