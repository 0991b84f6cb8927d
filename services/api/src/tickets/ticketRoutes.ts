import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { ListTicketsQuery, Ticket, TicketStatus, UpdateTicketRequest } from '@atendo/contracts';
import type { AnyObject, InferType } from 'yup';
import { idParamsSchema, newTicketSchema, ratingQuestion, ticketBotSchema, updateTicketSchema, uuidParamsSchema } from '@atendo/contracts';
import { type ContactStreamCommand } from '@atendo/core';
import { AppError, type IdAllocator } from '@atendo/platform';
import { canSeeTicket, CompanyQueries, readCursor, type TicketRecord } from '@atendo/read';
import { auth } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';


/** Numbers from `?queueIds=[1,2]` (as the console sends them), `?queueIds=1,2` or repeated parameters. */
function numberList(value: unknown): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  const raw = Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : String(value).replace(/^\[|\]$/g, '').split(',');
  const numbers = raw.map((v) => v.trim()).filter(Boolean).map(Number);
  if (numbers.some((n) => !Number.isSafeInteger(n))) throw new AppError('ERR_VALIDATION', 400, 'Expected a list of ids');
  return numbers;
}

const flag = (value: unknown) => value === 'true' || value === '1';

function parseListQuery(q: Request['query']): ListTicketsQuery {
  const status = q.status as string | undefined;
  if (status !== undefined && status !== '' && !['pending', 'open', 'closed'].includes(status)) {
    throw new AppError('ERR_VALIDATION', 400, 'status must be pending, open or closed');
  }
  const page = q.pageNumber === undefined ? 1 : Number(q.pageNumber);
  if (!Number.isSafeInteger(page) || page < 1) throw new AppError('ERR_VALIDATION', 400, 'pageNumber must be a positive whole number');
  const cursor = q.cursor === undefined ? undefined : String(q.cursor);
  if (cursor !== undefined && !readCursor(cursor)) throw new AppError('ERR_VALIDATION', 400, 'cursor must be the `next` of an earlier page');
  for (const key of ['date', 'updatedAt'] as const) {
    if (q[key] !== undefined && Number.isNaN(Date.parse(String(q[key])))) throw new AppError('ERR_VALIDATION', 400, `${key} must be a date`);
  }
  return {
    searchParam: q.searchParam ? String(q.searchParam).slice(0, 200) : undefined,
    pageNumber: page,
    ...(cursor !== undefined ? { cursor } : {}),
    status: (status || undefined) as TicketStatus | undefined,
    showAll: flag(q.showAll),
    withUnreadMessages: flag(q.withUnreadMessages),
    queueIds: numberList(q.queueIds),
    users: numberList(q.users),
    tags: numberList(q.tags),
    date: q.date ? String(q.date) : undefined,
    updatedAt: q.updatedAt ? String(q.updatedAt) : undefined,
  };
}

/** The ticket if the caller's company has it and the caller may see it. */
export async function visibleTicket(ctx: ApiContext, req: Request, by: { id: number } | { uuid: string }): Promise<TicketRecord> {
  const { viewer } = auth(req);
  const found = await ctx.conversations.findTicket(viewer.companyId, by);
  if (!found) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  if (!canSeeTicket(viewer, found.ticket)) throw new AppError('ERR_NO_PERMISSION', 403, 'This ticket belongs to a queue you do not work in');
  return found;
}

/** Which command a PUT asks for. The early permission checks are a fast path: the decider decides on the log. */
function commandFor(ticket: Ticket, body: UpdateTicketRequest, me: { userId: number; admin: boolean }): ContactStreamCommand {
  const target = body.userId ?? me.userId;
  const ownsOrAdmin = me.admin || ticket.userId === null || ticket.userId === me.userId;
  switch (body.status) {
    case 'open':
      if (target !== me.userId && !me.admin) throw new AppError('ERR_NO_PERMISSION', 403, 'Only an admin can give a ticket to someone else');
      return ticket.status === 'closed' ? { type: 'ReopenTicket', ticketId: ticket.id, userId: target } : { type: 'AcceptTicket', ticketId: ticket.id, userId: target };
    case 'closed':
      if (!ownsOrAdmin) throw new AppError('ERR_NO_PERMISSION', 403, 'This ticket is another agent’s');
      return { type: 'ResolveTicket', ticketId: ticket.id, userId: me.userId, admin: me.admin };
    case 'pending':
      if (!ownsOrAdmin) throw new AppError('ERR_NO_PERMISSION', 403, 'This ticket is another agent’s');
      return { type: 'ReturnTicket', ticketId: ticket.id, userId: me.userId, admin: me.admin };
    default:
      throw new AppError('ERR_VALIDATION', 400, 'Nothing to change: give a status');
  }
}

/** A PUT that sends the ticket elsewhere: another queue or connection, or an agent named without a status. */
export function isTransfer(ticket: Ticket, body: UpdateTicketRequest): boolean {
  return (
    (body.queueId !== undefined && body.queueId !== ticket.queueId) ||
    (body.whatsappId !== undefined && body.whatsappId !== ticket.whatsappId) ||
    (body.status === undefined && body.userId !== undefined && body.userId !== ticket.userId)
  );
}

/** What the customer hears when an agent accepts (`sendGreetingAccepted`). */
export function acceptGreeting(contactName: string, agentName: string): string {
  return `Olá, *${contactName}*! Meu nome é *${agentName}* e vou continuar o seu atendimento.`;
}

/** What the customer is told of a transfer (`sendMsgTransfTicket`): the agent's name, else the queue's. */
export function transferNotice(to: { userName?: string; queueName?: string }): string {
  return to.userName ? `Você foi transferido para o atendente *${to.userName}*.` : `Você foi transferido para a fila *${to.queueName}*.`;
}

export function ticketRoutes(ctx: ApiContext, knex: Knex, ids: IdAllocator): RouteSpec[] {
  const feature = 'tickets';
  const companies = new CompanyQueries(knex);
  /** The company's agent capacity: a user who would hold more open tickets than it allows is refused. */
  const requireCapacity = async (companyId: number, userId: number) => {
    const capacity = Number((await companies.company(companyId))?.settings.agentCapacity ?? 0);
    if (!capacity) return;
    const held = (await ctx.conversations.openLoad(companyId, [userId])).get(userId) ?? 0;
    if (held >= capacity) throw new AppError('ERR_AGENT_AT_CAPACITY', 409, `This agent already holds ${held} open tickets; the company allows ${capacity}`, { held, capacity });
  };

  /** Checks the targets are the company's, then sends the ticket on (the customer told when the company says so). */
  async function transfer(ticket: Ticket, streamId: string, body: UpdateTicketRequest, viewer: { userId: number; companyId: number; profile: string }) {
    const admin = viewer.profile === 'admin';
    if (!admin && ticket.userId !== null && ticket.userId !== viewer.userId) throw new AppError('ERR_NO_PERMISSION', 403, 'This ticket is another agent’s');
    const queue = body.queueId != null ? await ctx.queues.queue(viewer.companyId, body.queueId) : undefined;
    if (body.queueId != null && !queue) throw new AppError('ERR_QUEUE_NOT_FOUND', 404, `Queue ${body.queueId} not found`);
    const user = body.userId != null ? await ctx.users.user(viewer.companyId, body.userId) : undefined;
    if (body.whatsappId !== undefined && !(await ctx.connections.whatsapp(viewer.companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404, `Connection ${body.whatsappId} not found`);
    const settings = (await companies.company(viewer.companyId))?.settings ?? {};
    const tell = settings.sendMsgTransfTicket === 'enabled' && !ticket.isGroup && (user || queue);
    const command: ContactStreamCommand = {
      type: 'TransferTicket',
      ticketId: ticket.id,
      by: viewer.userId,
      admin,
      ...(body.queueId !== undefined ? { queueId: body.queueId } : {}),
      ...(body.userId !== undefined ? { userId: body.userId } : {}),
      ...(body.whatsappId !== undefined ? { whatsappId: body.whatsappId } : {}),
      ...(tell ? { notice: { messageId: randomUUID(), body: transferNotice({ userName: user?.name, queueName: queue?.name }) } } : {}),
    };
    return ctx.conversationService.execute(streamId, command, { actor: { type: 'user', userId: viewer.userId } });
  }
  return [
    route({
      method: 'get',
      path: '/tickets',
      feature,
      summary: 'A page of the tickets the caller may see (status, queues, users, unread, search)',
      permission: 'signedIn',
      async handler({ req, res, auth: me }) {
        res.json(await ctx.conversations.listTickets(me.viewer, parseListQuery(req.query)));
      },
    }),
    route({
      method: 'get',
      path: '/tickets/u/:uuid',
      feature,
      summary: 'One ticket by its uuid',
      permission: 'signedIn',
      params: uuidParamsSchema,
      errors: ['ERR_NO_TICKET_FOUND'],
      async handler({ req, res, params }) {
        res.json((await visibleTicket(ctx, req, { uuid: params.uuid })).ticket);
      },
    }),
    route({
      method: 'get',
      path: '/tickets/:id',
      feature,
      summary: 'One ticket',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_NO_TICKET_FOUND'],
      async handler({ req, res, params }) {
        res.json((await visibleTicket(ctx, req, { id: params.id })).ticket);
      },
    }),
    route<{ id: number }, AnyObject, UpdateTicketRequest>({
      method: 'put',
      path: '/tickets/:id',
      feature,
      summary: 'Accept, resolve, reopen, return a ticket to its queue, or transfer it to another queue, agent or connection',
      permission: 'signedIn',
      params: idParamsSchema(),
      body: updateTicketSchema,
      errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_USER_FOUND', 'ERR_QUEUE_NOT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_TICKET_ALREADY_ACCEPTED', 'ERR_INVALID_TICKET_TRANSITION', 'ERR_OTHER_OPEN_TICKET', 'ERR_TICKET_CLOSED', 'ERR_AGENT_AT_CAPACITY'],
      async handler({ req, res, params, body, auth: { viewer } }) {
        const { ticket, streamId } = await visibleTicket(ctx, req, { id: params.id });
        if (body.userId != null && !(await ctx.users.user(viewer.companyId, body.userId))) throw new AppError('ERR_NO_USER_FOUND', 404);
        let command = isTransfer(ticket, body) ? undefined : commandFor(ticket, body, { userId: viewer.userId, admin: viewer.profile === 'admin' });
        const settings = async () => (await companies.company(viewer.companyId))?.settings ?? {};
        // Taking a ticket (accepting, reopening, being handed one) counts against the agent's capacity.
        const taker = command?.type === 'AcceptTicket' || command?.type === 'ReopenTicket' ? command.userId : isTransfer(ticket, body) && body.userId != null && body.userId !== ticket.userId ? body.userId : null;
        if (taker !== null && ticket.userId !== taker) await requireCapacity(viewer.companyId, taker);
        // Accepting a pending ticket greets the customer by the agent's name when the company says so (not in groups).
        if (command?.type === 'AcceptTicket' && ticket.status === 'pending' && !ticket.isGroup) {
          const agent = (await settings()).sendGreetingAccepted === 'enabled' ? await ctx.users.user(viewer.companyId, command.userId) : null;
          if (agent) command = { ...command, greeting: { messageId: randomUUID(), body: acceptGreeting(ticket.contact.name, agent.name) } };
        }
        // Resolving asks for the customer's rating (userRating, when the connection has a rating message), else says
        // goodbye with the connection's completion message.
        if (command?.type === 'ResolveTicket' && ticket.status !== 'closed' && !ticket.isGroup) {
          const connection = await ctx.connections.whatsapp(viewer.companyId, ticket.whatsappId);
          if (connection && (await settings()).userRating === 'enabled' && connection.ratingMessage.trim()) {
            command = { ...command, rating: { messageId: randomUUID(), body: ratingQuestion(connection.ratingMessage), at: new Date().toISOString() } };
          } else if (connection?.complationMessage.trim()) {
            command = { ...command, farewell: { messageId: randomUUID(), body: connection.complationMessage.trim() } };
          }
        }
        const result = command
          ? await ctx.conversationService.execute(streamId, command, { actor: { type: 'user', userId: viewer.userId } })
          : await transfer(ticket, streamId, body, viewer);
        await ctx.readYourWrites(result.position);
        res.json((await ctx.conversations.findTicket(viewer.companyId, { id: ticket.id }))!.ticket);
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof newTicketSchema>>({
      method: 'post',
      path: '/tickets',
      feature,
      summary: "Start a conversation with a known contact: a new ticket, open and the caller's (a queue required unless an admin)",
      permission: 'signedIn',
      body: newTicketSchema,
      status: 201,
      errors: ['ERR_OTHER_OPEN_TICKET', 'ERR_NOT_FOUND', 'ERR_QUEUE_NOT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_DEF_WAPP_FOUND', 'ERR_NO_USER_FOUND', 'ERR_AGENT_AT_CAPACITY'],
      async handler({ res, body, auth: { viewer } }) {
        const admin = viewer.profile === 'admin';
        const companyId = viewer.companyId;
        const field = (path: string, text: string) => new AppError('ERR_VALIDATION', 400, text, [{ path, message: 'validation.required' }]);
        if (body.queueId === null && !admin) throw field('queueId', 'Choose a queue for the new ticket');
        if (body.queueId !== null) {
          if (!(await ctx.queues.queue(companyId, body.queueId))) throw new AppError('ERR_QUEUE_NOT_FOUND', 404, `Queue ${body.queueId} not found`);
          if (!admin && !viewer.queueIds.includes(body.queueId)) throw new AppError('ERR_NO_PERMISSION', 403, 'This queue is not one of yours');
        }
        const userId = body.userId ?? viewer.userId;
        if (userId !== viewer.userId && !admin) throw new AppError('ERR_NO_PERMISSION', 403, 'Only an admin can start a ticket for someone else');
        if (userId !== viewer.userId && !(await ctx.users.user(companyId, userId))) throw new AppError('ERR_NO_USER_FOUND', 404);
        const contact = await ctx.conversations.findContact(companyId, body.contactId);
        if (!contact) throw new AppError('ERR_NOT_FOUND', 404, `Contact ${body.contactId} not found`);
        const connections = await ctx.connections.whatsapps(companyId);
        const connection = body.whatsappId === undefined ? connections.find((w) => w.isDefault) : connections.find((w) => w.id === body.whatsappId);
        if (!connection) {
          throw body.whatsappId === undefined ? new AppError('ERR_NO_DEF_WAPP_FOUND', 404, 'The company has no default connection') : new AppError('ERR_NO_WAPP_FOUND', 404, `Connection ${body.whatsappId} not found`);
        }
        await requireCapacity(companyId, userId);
        const command: ContactStreamCommand = { type: 'StartTicket', ticketId: await ids.next('ticket'), uuid: randomUUID(), userId, queueId: body.queueId, whatsappId: connection.id };
        try {
          const result = await ctx.conversationService.execute(contact.streamId, command, { actor: { type: 'user', userId: viewer.userId } });
          await ctx.readYourWrites(result.position);
        } catch (error) {
          // Who holds the contact's ticket, and in which queue, by name: the console says so.
          if (error instanceof AppError && error.code === 'ERR_OTHER_OPEN_TICKET') {
            const held = error.details as { ticketId: number; userId: number | null; queueId: number | null };
            const user = held.userId === null ? null : await ctx.users.user(companyId, held.userId);
            const queue = held.queueId === null ? undefined : await ctx.queues.queue(companyId, held.queueId);
            throw new AppError('ERR_OTHER_OPEN_TICKET', 409, error.message, { ...held, userName: user?.name ?? null, queueName: queue?.name ?? null });
          }
          throw error;
        }
        res.status(201).json((await ctx.conversations.findTicket(companyId, { id: command.ticketId }))!.ticket);
      },
    }),
    route<{ id: number }, object, InferType<typeof ticketBotSchema>>({
      method: 'put',
      path: '/tickets/:id/bot',
      feature,
      summary:
        'Pause the bot on a pending ticket (`{paused: true}`: nothing automatic answers until it resumes) or hand the ticket back to it (`{paused: false}`: the next customer message starts over)',
      permission: 'signedIn',
      params: idParamsSchema(),
      body: ticketBotSchema,
      errors: ['ERR_NO_TICKET_FOUND', 'ERR_TICKET_CLOSED', 'ERR_INVALID_TICKET_TRANSITION'],
      async handler({ req, res, params, body, auth: { viewer } }) {
        const { ticket, streamId } = await visibleTicket(ctx, req, { id: params.id });
        const command = body.paused ? { type: 'PauseBot' as const, ticketId: ticket.id } : { type: 'ResumeBot' as const, ticketId: ticket.id };
        const result = await ctx.conversationService.execute(streamId, command, { actor: { type: 'user', userId: viewer.userId } });
        await ctx.readYourWrites(result.position);
        res.json((await visibleTicket(ctx, req, { id: ticket.id })).ticket);
      },
    }),
    route({
      method: 'delete',
      path: '/tickets/:id',
      feature,
      // The spec's ticket-options:deleteTicket permission: admins only.
      summary: 'Delete a ticket and its messages',
      permission: 'ticket-options:deleteTicket',
      params: idParamsSchema(),
      errors: ['ERR_NO_TICKET_FOUND'],
      async handler({ req, res, params, auth: { viewer } }) {
        const { ticket, streamId } = await visibleTicket(ctx, req, { id: params.id });
        const result = await ctx.conversationService.execute(streamId, { type: 'DeleteTicket', ticketId: ticket.id, userId: viewer.userId }, { actor: { type: 'user', userId: viewer.userId } });
        await ctx.readYourWrites(result.position);
        res.json({ message: 'ticket deleted' });
      },
    }),
  ];
}
