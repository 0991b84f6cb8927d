import { Router } from 'express';
import { sendMessageSchema } from '@atendo/contracts';
import { AppError } from '@atendo/core';
import { auth, requireAuth } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { idParam, isUuid, validate } from '../http/validate.js';
import { visibleTicket } from '../tickets/ticketRoutes.js';

export function messageRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.use('/messages', requireAuth(ctx.secret, ctx.users));

  router.get('/messages/:ticketId', async (req, res) => {
    const { viewer } = auth(req);
    const page = req.query.pageNumber === undefined ? 1 : Number(req.query.pageNumber);
    if (!Number.isSafeInteger(page) || page < 1) throw new AppError('ERR_VALIDATION', 400, 'pageNumber must be a positive whole number');
    const { ticket, streamId } = await visibleTicket(ctx, req, { id: idParam(req.params.ticketId, 'ticketId') });
    // The assigned agent reading the conversation has read its new messages.
    if (ticket.unreadMessages > 0 && ticket.userId === viewer.userId) {
      const result = await ctx.conversationService.execute(streamId, { type: 'MarkTicketRead', ticketId: ticket.id }, { actor: { type: 'user', userId: viewer.userId } });
      await ctx.readYourWrites(result.position);
      ticket.unreadMessages = 0;
    }
    res.json(await ctx.conversations.listMessages(viewer.companyId, ticket, page));
  });

  router.post('/messages/:ticketId', async (req, res) => {
    const { viewer } = auth(req);
    const input = await validate(sendMessageSchema, req.body);
    const { ticket, streamId } = await visibleTicket(ctx, req, { id: idParam(req.params.ticketId, 'ticketId') });
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
  });

  return router;
}
