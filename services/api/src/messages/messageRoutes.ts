import * as yup from 'yup';
import { idParamsSchema, SEARCH_MESSAGES_MIN_LENGTH, searchMessagesQuerySchema, sendMessageRequestSchema, sendMessageSchema } from '@atendo/contracts';
import { AppError } from '@atendo/platform';
import type { ConnectionTimers } from '@atendo/read';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { isUuid } from '../http/validate.js';
import { visibleTicket } from '../tickets/ticketRoutes.js';
import type { MediaStorage } from '../media/storage.js';
import { MEDIA_MAX_FILES } from '../media/mediaRoutes.js';
import { largestAllowed, MESSAGE_MEDIA_MIMES } from '../media/mediaTypes.js';
import { queueFiles } from './queueFiles.js';
import { validate } from '../http/validate.js';

/** A message's id: WhatsApp's or ours (letters, digits, dashes). */
const messageIdParamsSchema = yup.object({ id: yup.string().trim().required('validation.required').max(128, 'validation.tooLong').matches(/^[\w-]+$/, 'validation.messageId') });

const pageQuerySchema = yup.object({
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').default(1),
  /** `next` of the newer page: an ordinal. */
  cursor: yup.string().matches(/^\d{1,18}$/).optional(),
});

export function messageRoutes(ctx: ApiContext, storage: MediaStorage, timers: ConnectionTimers): RouteSpec[] {
  const feature = 'messages';
  return [
    route<{ ticketId: number }, { pageNumber: number; cursor?: string }>({
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
        res.json(await ctx.conversations.listMessages(viewer.companyId, ticket, query.pageNumber, query.cursor));
      },
    }),
    route<{ id: string }>({
      method: 'delete',
      path: '/messages/:id',
      feature,
      summary: 'Delete a message one sent (spec: only one’s own): shown deleted, and deleted for everyone on WhatsApp',
      permission: 'signedIn',
      params: messageIdParamsSchema,
      errors: ['ERR_NOT_FOUND', 'ERR_DELETE_WAPP_MSG'],
      async handler({ req, res, params, auth: { viewer } }) {
        const found = await ctx.conversations.findMessage(viewer.companyId, params.id);
        if (!found) throw new AppError('ERR_NOT_FOUND', 404, `Message ${params.id} not found`);
        // Its ticket must be one the caller may see: another queue's message is not found for her either.
        await visibleTicket(ctx, req, { id: found.message.ticketId });
        if (!found.message.fromMe || found.userId !== viewer.userId) throw new AppError('ERR_NO_PERMISSION', 403, 'Only one’s own messages can be deleted');
        const result = await ctx.conversationService.execute(found.streamId, { type: 'DeleteMessage', messageId: params.id }, { actor: { type: 'user', userId: viewer.userId } });
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Message deleted' });
      },
    }),
    route<{ ticketId: number }, yup.InferType<typeof searchMessagesQuerySchema>>({
      method: 'get',
      path: '/messages/:ticketId/search',
      feature,
      summary: "Search within a ticket: its messages holding the text (case and accents aside), newest first, at most 50",
      permission: 'signedIn',
      params: idParamsSchema('ticketId'),
      query: searchMessagesQuerySchema,
      errors: ['ERR_NO_TICKET_FOUND'],
      async handler({ req, res, params, query, auth: { viewer } }) {
        const { ticket } = await visibleTicket(ctx, req, { id: params.ticketId });
        const text = query.searchParam;
        res.json({ messages: text.length < SEARCH_MESSAGES_MIN_LENGTH ? [] : await ctx.conversations.searchMessages(viewer.companyId, ticket, text) });
      },
    }),
    route<{ ticketId: number }, object, yup.InferType<typeof sendMessageRequestSchema>>({
      method: 'post',
      path: '/messages/:ticketId',
      feature,
      summary:
        'Reply on a ticket: JSON `{body, quotedMsg}`, or multipart with files in `medias` (each becomes a message; `body` is the caption, `voice=true` sends recorded audio as a voice note); an Idempotency-Key header makes a retry return the same message',
      permission: 'signedIn',
      params: idParamsSchema('ticketId'),
      body: sendMessageRequestSchema,
      upload: { field: 'medias', maxFiles: MEDIA_MAX_FILES, maxBytes: largestAllowed(MESSAGE_MEDIA_MIMES), accept: MESSAGE_MEDIA_MIMES },
      status: 201,
      errors: ['ERR_STORAGE_QUOTA', 'ERR_NO_TICKET_FOUND', 'ERR_IDEMPOTENCY_KEY_REUSED', 'ERR_TICKET_CLOSED'],
      // Before the files are read: another company's ticket, or another agent's, gets its answer with nothing on disk.
      async authorize({ req, params, auth: { viewer } }) {
        const { ticket } = await visibleTicket(ctx, req, { id: params.ticketId });
        // A fast path only: the decider decides on the ticket as it stands in the log.
        if (ticket.status === 'open' && ticket.userId !== viewer.userId && viewer.profile !== 'admin') {
          throw new AppError('ERR_NO_PERMISSION', 403, 'This ticket is another agent’s');
        }
      },
      async handler({ req, res, params, body: input, auth: { viewer } }) {
        const { ticket, streamId } = await visibleTicket(ctx, req, { id: params.ticketId });
        const admin = viewer.profile === 'admin';
        // A client that retries a send with the same key gets the same message, not a second one.
        const key = req.header('Idempotency-Key');
        if (key !== undefined && !isUuid(key)) throw new AppError('ERR_VALIDATION', 400, 'Idempotency-Key must be a UUID');
        if (key !== undefined) {
          const holder = await ctx.idempotencyKeys.claim(viewer.companyId, key, ticket.id);
          if (holder !== ticket.id) throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 409, 'This Idempotency-Key was used for a reply on another ticket');
        }
        const uploads = req.uploads ?? [];
        // Text alone must say something; with files the text is their caption.
        if (!uploads.length) await validate(sendMessageSchema, { body: input.body, quotedMsg: input.quotedMsg }, { body: true });
        const context = { actor: { type: 'user' as const, userId: viewer.userId } };
        // The agent speaks last: the connection's `expiresTicket` arms the ticket's auto-close (issue 11).
        const autoCloseMinutes = (await timers.of(ticket.whatsappId))?.expiresTicket ?? 0;
        const base = {
          ticketId: ticket.id, userId: viewer.userId, admin, quotedMessageId: input.quotedMsg?.id ?? null,
          ...(key !== undefined ? { idempotencyKey: key } : {}), ...(autoCloseMinutes > 0 ? { autoCloseMinutes } : {}),
        };
        const voice = input.voice === true || input.voice === 'true';
        const sent = uploads.length
          ? await queueFiles(storage, viewer.companyId, uploads, (file, media, i) =>
              ctx.conversationService.reply(
                streamId,
                { ...base, body: input.body.trim() || file.originalName, media: { ...media, voice: voice && file.kind === 'audio' }, ...(uploads.length > 1 ? { part: i + 1 } : {}) },
                context,
              ),
            )
          : [await ctx.conversationService.reply(streamId, { ...base, body: input.body }, context)];
        await ctx.readYourWrites(sent[sent.length - 1]!.position);
        const found = await ctx.conversations.findMessage(viewer.companyId, sent[0]!.messageId);
        if (!found) throw new AppError('ERR_CREATING_MESSAGE', 500);
        res.status(201).json(found.message);
      },
    }),
  ];
}
