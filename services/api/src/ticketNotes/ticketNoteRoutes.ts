import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import { idParamsSchema, listTicketNotesQuerySchema, ticketNoteSchema } from '@atendo/contracts';
import { handleCommand, ticketNoteDecider, ticketNoteStream } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { TicketNoteQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes } from '../http/recordRoutes.js';
import { visibleTicket } from '../tickets/ticketRoutes.js';

export interface TicketNoteRouteDeps {
  api: ApiContext;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
}

/**
 * Notes staff keep on a ticket (the contact drawer). Whoever may see the ticket reads and adds them; a note is deleted
 * by its author or an admin.
 */
export function ticketNoteRoutes({ api: ctx, knex, store, ids }: TicketNoteRouteDeps): RouteSpec[] {
  const feature = 'ticketNotes';
  const notes = new TicketNoteQueries(knex);
  /** The ticket, seen by the caller, and the contact named with it must be its contact. */
  const ticketOf = async (req: Parameters<typeof visibleTicket>[1], ticketId: number, contactId: number) => {
    const { ticket } = await visibleTicket(ctx, req, { id: ticketId });
    if (ticket.contact.id !== contactId) throw new AppError('ERR_VALIDATION', 400, `Contact ${contactId} is not this ticket's`, [{ path: 'contactId', message: 'validation.invalid' }]);
    return ticket;
  };
  const noteRecord = recordRoutes({ feature, permission: 'signedIn', path: '/ticket-notes/:id', notFound: 'ERR_TICKET_NOTE_NOT_FOUND', noun: 'Note', find: (companyId, id) => notes.find(companyId, id) });
  const found = (auth: AuthContext, id: number) => noteRecord.found(auth.viewer.companyId, id);
  return [
    noteRecord.list({
      path: '/ticket-notes/list',
      summary: "A ticket's notes, newest first",
      query: listTicketNotesQuerySchema,
      errors: ['ERR_NO_TICKET_FOUND'],
      async read({ req, query: { ticketId, contactId }, auth }) {
        await ticketOf(req, ticketId, contactId);
        return notes.list(auth.viewer.companyId, ticketId, contactId);
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof ticketNoteSchema>>({
      method: 'post',
      path: '/ticket-notes',
      feature,
      summary: 'Add a note to a ticket (at least 2 characters)',
      permission: 'signedIn',
      body: ticketNoteSchema,
      status: 201,
      errors: ['ERR_NO_TICKET_FOUND'],
      async handler({ req, res, body, auth }) {
        const companyId = auth.viewer.companyId;
        await ticketOf(req, body.ticketId, body.contactId);
        const id = await ids.next('ticketNote');
        const fields = { companyId, ticketId: body.ticketId, contactId: body.contactId, userId: auth.claims.userId, note: body.note };
        const result = await handleCommand(store, ticketNoteDecider, ticketNoteStream(companyId, id), { type: 'create', id, fields }, { actor: { type: 'user', userId: auth.claims.userId } });
        await ctx.readYourWrites(result.position);
        res.status(201).json(await found(auth, id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/ticket-notes/:id',
      feature,
      summary: 'Delete a note (its author or an admin)',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_TICKET_NOTE_NOT_FOUND'],
      async authorize({ params: { id }, auth, req }) {
        const note = await found(auth, id);
        await visibleTicket(ctx, req, { id: note.ticketId });
        if (note.user.id !== auth.claims.userId && auth.viewer.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403, "Only its author or an admin deletes a note");
      },
      async handler({ res, params: { id }, auth }) {
        const companyId = auth.viewer.companyId;
        const result = await handleCommand(store, ticketNoteDecider, ticketNoteStream(companyId, id), { type: 'delete' }, { actor: { type: 'user', userId: auth.claims.userId } });
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Note deleted' });
      },
    }),
  ];
}
