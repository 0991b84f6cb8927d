import type { ConsoleFeature } from '../feature';
import { TicketsPage } from './TicketsPage';

export const ticketsFeature: ConsoleFeature = {
  name: 'tickets',
  pages: [{ path: '/tickets/:ticketId?', access: 'private', element: <TicketsPage /> }],
};
