import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { ticketNotesTranslations } from './i18n';

// Loaded when a contact's drawer first opens.
const TicketNotes = lazy(() => import('./TicketNotes').then((m) => ({ default: m.TicketNotes })));

/** The notes staff keep on a ticket: a section of the contact's drawer on the tickets screen, no page of its own. */
export const ticketNotesFeature = defineConsoleFeature('ticketNotes', ticketNotesTranslations, {
  parts: { contactDrawer: [TicketNotes] },
});
