import * as yup from 'yup';
import { idParamsSchema, sendMessageSchema } from '@atendo/contracts';
import { AppError } from '@atendo/core';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { isUuid } from '../http/validate.js';
import { visibleTicket } from '../tickets/ticketRoutes.js';

const pageQuerySchema = yup.object({
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').default(1),
});

export function messageRoutes(ctx: ApiContext): RouteSpec[] {
  const feature = 'messages';
  return [
    route<{ ticketId: number }, { pageNumber: number }>({
      method: 'get',
      path: '/messages/:ticketId',
      feature,
      summary: "A page of a ticket's messages, newest first; the assigned agent reading them marks the ticket read",
      permission: 'signedIn',
      params: idParamsSchema('ticketId'),
      query: pageQuerySchema,
      errors: ['ERR_NO_TICKET_FOUND'],
      async handler({ req, res, params, query, auth: { viewer } }) {
        const { ticket, streamId } = await visibleTicket(ctx, req, { id: params.ticketId });
        // The assigned agent reading the conversation has read its new messages.
        if (ticket.unreadMessages > 0 && ticket.userId === viewer.userId) {
          const result = await ctx.conversationService.execute(streamId, { type: 'MarkTicketRead', ticketId: ticket.id }, { actor: { type: 'user', userId: viewer.userId } });
          await ctx.readYourWrites(result.position);
          ticket.unreadMessages = 0;
        }
        res.json(await ctx.conversations.listMessages(viewer.companyId, ticket, query.pageNumber));
      },
    }),
    route<{ ticketId: number }, object, yup.InferType<typeof sendMessageSchema>>({
      method: 'post',
      path: '/messages/:ticketId',
      feature,
      summary: 'Reply on a ticket; an Idempotency-Key header makes a retry return the same message',
      permission: 'signedIn',
      params: idParamsSchema('ticketId'),
      body: sendMessageSchema,
      status: 201,
      errors: ['ERR_NO_TICKET_FOUND', 'ERR_IDEMPOTENCY_KEY_REUSED', 'ERR_TICKET_CLOSED'],
      async handler({ req, res, params, body: input, auth: { viewer } }) {
        const { ticket, streamId } = await visibleTicket(ctx, req, { id: params.ticketId });
        const admin = viewer.profile === 'admin';
        // A fast path only: the decider decides on the ticket as it stands in the log.
        if (ticket.status === 'open' && ticket.userId !== viewer.userId && !admin) {
          throw new AppError('ERR_NO_PERMISSION', 403, 'This ticket is another agent’s');
        }
        // A client that retries a send with the same key gets the same message, not a second one.
        const key = req.header('Idempotency-Key');
        if (key !== undefined && !isUuid(key)) throw new AppError('ERR_VALIDATION', 400, 'Idempotency-Key must be a UUID');
        if (key !== undefined) {
          const holder = await ctx.idempotencyKeys.claim(viewer.companyId, key, ticket.id);
          if (holder !== ticket.id) throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 409, 'This Idempotency-Key was used for a reply on another ticket');
        }
        const sent = await ctx.conversationService.reply(
          streamId,
          { ticketId: ticket.id, body: input.body, userId: viewer.userId, admin, quotedMessageId: input.quotedMsg?.id ?? null, idempotencyKey: key },
          { actor: { type: 'user', userId: viewer.userId } },
        );
        await ctx.readYourWrites(sent.position);
        const found = await ctx.conversations.findMessage(viewer.companyId, sent.messageId);
        if (!found) throw new AppError('ERR_CREATING_MESSAGE', 500);
        res.status(201).json(found.message);
      },
    }),
  ];
}
