import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Request } from 'express';
import type * as yup from 'yup';
import { externalNumber, externalSendSchema, externalTicketBotSchema, type MediaType } from '@atendo/contracts';
import { contactStream, governSend, type SendGovernorState } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { CompanyQueries } from '@atendo/read';
import { RateLimiter } from '../auth/rateLimit.js';
import { ConnectionTokens } from '../connections/connectionTokens.js';
import type { SessionControl } from '../connections/connectionRoutes.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { isUuid } from '../http/validate.js';
import type { MediaStorage } from '../media/storage.js';
import { MEDIA_MAX_FILES } from '../media/mediaRoutes.js';
import { largestAllowed, MESSAGE_MEDIA_MIMES } from '../media/mediaTypes.js';
import { queueFiles } from './queueFiles.js';

export interface ExternalApiDeps {
  api: ApiContext;
  knex: Knex;
  sessions: SessionControl;
  storage: MediaStorage;
  /** Sends per token per minute (default 60). */
  perMinute?: number;
  /** Wrong tokens a client address may send in 15 minutes before all its calls get 429 (default 20). */
  failuresPerAddress?: number;
}

const FAILURE_WINDOW_MS = 15 * 60_000;

const bearer = (header: string | undefined) => /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';

/**
 * The external send API (spec: POST {backend}/api/messages/send): an integrator sends a text or files to a number
 * through a connection, authorised by that connection's token. The message lands on the number's conversation (a new
 * contact and a pending ticket if it has none) and goes out through the gateway like an agent's reply, with the same
 * delivery tracking.
 */
export function externalApiRoutes({ api: ctx, knex, sessions, storage, perMinute = 60, failuresPerAddress = 20 }: ExternalApiDeps): RouteSpec[] {
  /**
   * The connection's send governor (decision 0028), as the jobs role last stored it: while it holds the connection back
   * (a pause after WhatsApp's 429, the minute's or the day's budget, a young number's warm-up, the day's new
   * recipients), the API answers 429 with Retry-After and sends nothing; only its random spacing, meant for bulk sends,
   * does not stop a single message. The jobs role counts the API's sends in the same budget.
   */
  async function governorAllows(res: { setHeader(name: string, value: string): unknown }, companyId: number, whatsappId: number, number: string) {
    const row = (await knex('send_governors').where({ whatsapp_id: whatsappId }).first('state')) as { state: SendGovernorState } | undefined;
    if (!row) return;
    const known = await knex('contacts').where({ company_id: companyId, number }).first('id');
    const decision = governSend(row.state, { at: new Date().toISOString(), newRecipient: !known });
    if (decision.send === 'now' || decision.reason === 'spacing') return;
    const seconds = Math.max(1, Math.ceil((Date.parse(decision.notBefore) - Date.now()) / 1000));
    res.setHeader('Retry-After', String(seconds));
    throw new AppError('ERR_TOO_MANY_REQUESTS', 429, `This connection's sends are held back until ${decision.notBefore} (${decision.reason}): nothing was sent`);
  }
  const tokens = new ConnectionTokens(knex);
  const companies = new CompanyQueries(knex);
  const limiter = new RateLimiter(knex, 'api-send:', perMinute, 60_000);
  // Per token, the limiter above cannot see guesses (each is another token): wrong ones are counted per address.
  const failures = new RateLimiter(knex, 'api-token-failures:', failuresPerAddress, FAILURE_WINDOW_MS);
  const guessing = () => new AppError('ERR_TOO_MANY_REQUESTS', 429, 'Too many wrong tokens from this address: try again in 15 minutes');
  /** The connection the request's token names: checked before any file is received. */
  const callers = new WeakMap<object, { companyId: number; whatsappId: number }>();
  const authorize = async (req: Request) => {
    const token = bearer(req.header('authorization'));
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401, "Send the connection's token: `Authorization: Bearer <token>`");
    const address = req.ip ?? 'unknown';
    // Refused before the token is looked at, so a right guess from a locked address looks like every other.
    if (await failures.over(address)) throw guessing();
    // Counted by the token's hash: the table never holds the credential itself.
    if (!(await limiter.attempt(createHash('sha256').update(token).digest('hex')))) {
      throw new AppError('ERR_TOO_MANY_REQUESTS', 429, `At most ${perMinute} calls a minute per token`);
    }
    const caller = await tokens.byToken(token);
    // Like a session token that is not one: the caller is nobody (a user's own session token is not a connection's).
    if (!caller) {
      if (!(await failures.attempt(address))) throw guessing();
      throw new AppError('ERR_SESSION_EXPIRED', 401, 'No connection has this token');
    }
    // A company switched off or past its due date sends nothing, as its users' sessions do nothing.
    const refused = await ctx.companies.refusal(caller.companyId);
    if (refused) throw refused;
    if (!(await companies.planAllows(caller.companyId, 'useExternalApi'))) throw new AppError('ERR_NO_PERMISSION', 403, "The company's plan does not include the external API");
    callers.set(req, caller);
  };

  return [
    route<object, object, yup.InferType<typeof externalSendSchema>>({
      method: 'post',
      path: '/api/messages/send',
      feature: 'messages',
      summary:
        "Send a text, or files in `medias` (with `body` as their caption), to a number through the connection whose token is the bearer; creates or reuses the number's ticket",
      permission: 'public',
      body: externalSendSchema,
      upload: { field: 'medias', maxFiles: MEDIA_MAX_FILES, maxBytes: largestAllowed(MESSAGE_MEDIA_MIMES), accept: MESSAGE_MEDIA_MIMES },
      errors: ['ERR_STORAGE_QUOTA', 'ERR_COMPANY_DISABLED', 'ERR_SUBSCRIPTION_EXPIRED', 'ERR_SESSION_EXPIRED', 'ERR_NO_PERMISSION', 'ERR_TOO_MANY_REQUESTS', 'ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_CHECK_CONTACT'],
      examples: {
        text: { summary: 'A text', value: { number: '5511999990001', body: 'Your order #123 has shipped.' } },
        image: { summary: 'An image with a caption (multipart)', kind: 'multipart', value: { number: '5511999990001', body: 'Your receipt', medias: '(file receipt.png)' } },
      },
      authorize: ({ req }) => authorize(req),
      async handler({ req, res, body }) {
        const { companyId, whatsappId } = callers.get(req)!;
        const number = externalNumber(body.number);
        if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400, `${body.number} is not a WhatsApp number: digits with the country code, 8 to 15 of them`);
        const uploads = req.uploads ?? [];
        if (!uploads.length && !body.body.trim()) {
          throw new AppError('ERR_VALIDATION', 400, 'Send a body, or files in `medias`', [{ path: 'body', message: 'validation.required' }]);
        }
        const key = req.header('Idempotency-Key');
        if (key !== undefined && !isUuid(key)) throw new AppError('ERR_VALIDATION', 400, 'Idempotency-Key must be a UUID');
        const connection = await ctx.connections.connection(whatsappId);
        if (!connection) throw new AppError('ERR_NO_PERMISSION', 403, 'No connection has this token');
        const status = (await ctx.connections.whatsapp(companyId, whatsappId))?.status;
        if (status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, `The connection is ${status ?? 'gone'}, not connected: nothing was sent`);
        await governorAllows(res, companyId, whatsappId, number);
        if (sessions.checkNumber) {
          let exists: boolean;
          try {
            exists = await sessions.checkNumber(companyId, whatsappId, number);
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (code === 'ERR_WAPP_NOT_INITIALIZED' || code === 'ERR_WAPP_CHECK_CONTACT') throw new AppError(code, 400, (error as Error).message);
            throw error;
          }
          if (!exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400, `${number} has no WhatsApp`);
        }
        const queueId = connection.queueIds.length === 1 ? connection.queueIds[0]! : null;
        // The same Idempotency-Key again is the same message(s): a retried request does not reach the customer twice.
        const messageId = (part: number) => (key ? `api-${createHash('sha256').update(`${whatsappId}:${key}:${part}`).digest('hex').slice(0, 32)}` : randomUUID());
        const send = async (i: number, text: string, media?: { mediaType: MediaType; mediaUrl: string }) => {
          const id = messageId(i);
          const result = await ctx.conversationService.sendExternal({ companyId, whatsappId, number, messageId: id, body: text, queueId, ...(media ? { media: { ...media, voice: false } } : {}) });
          return { ...result, messageId: id };
        };
        const sent = uploads.length
          ? await queueFiles(storage, companyId, uploads, (file, media, i) => send(i, body.body.trim() || file.originalName, media))
          : [await send(0, body.body)];
        const last = sent[sent.length - 1]!;
        await ctx.readYourWrites(last.position);
        res.json({ message: 'Message sent', ticketId: last.ticketId, messages: sent.map((m) => m.messageId) });
      },
    }),
    route<object, object, yup.InferType<typeof externalTicketBotSchema>>({
      method: 'put',
      path: '/api/tickets/bot',
      feature: 'messages',
      summary:
        "An integration pauses the bot on the number's open or pending ticket (`paused: true`: nothing automatic answers while it works) or hands it back (`paused: false`); the bearer is the connection's token",
      permission: 'public',
      body: externalTicketBotSchema,
      errors: ['ERR_COMPANY_DISABLED', 'ERR_SUBSCRIPTION_EXPIRED', 'ERR_SESSION_EXPIRED', 'ERR_NO_PERMISSION', 'ERR_TOO_MANY_REQUESTS', 'ERR_WAPP_INVALID_CONTACT', 'ERR_NO_TICKET_FOUND', 'ERR_TICKET_CLOSED', 'ERR_INVALID_TICKET_TRANSITION'],
      examples: { pause: { summary: 'Pause the bot while a human works', value: { number: '5511999990001', paused: true } } },
      authorize: ({ req }) => authorize(req),
      async handler({ req, res, body }) {
        const { companyId } = callers.get(req)!;
        const number = externalNumber(body.number);
        if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400, `${body.number} is not a WhatsApp number: digits with the country code, 8 to 15 of them`);
        const stream = contactStream(companyId, number);
        const ticketId = (await ctx.conversationService.state(stream)).currentTicketId;
        if (ticketId === null) throw new AppError('ERR_NO_TICKET_FOUND', 404, `${number} has no open or pending ticket`);
        const command = body.paused ? { type: 'PauseBot' as const, ticketId } : { type: 'ResumeBot' as const, ticketId };
        const result = await ctx.conversationService.execute(stream, command, { actor: { type: 'system', name: 'api' } });
        await ctx.readYourWrites(result.position);
        res.json({ ticketId, paused: body.paused });
      },
    }),
  ];
}

