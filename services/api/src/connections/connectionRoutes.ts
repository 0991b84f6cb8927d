import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import type { ChannelKind, Viewer, Whatsapp, WhatsappDetails, WhatsappFields, WhatsappSettings } from '@atendo/contracts';
import { can, connectionChangesSchema, connectionSchema, greetingRequired, idParamsSchema } from '@atendo/contracts';
import { AppError, changeConnection, createConnection, deleteConnection, type CommandContext, type EventStore, type IdAllocator } from '@atendo/core';
import { BotQueries, PlanQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { checkBotLinks } from '../integrations/botLinks.js';
import { ConnectionTokens } from './connectionTokens.js';

export * from './connectionTokens.js';

/** What the gateway does for the connections page's session buttons. */
export interface SessionControl {
  /** The channels a connection may choose on this install (the simulator never in production). */
  readonly channels: readonly ChannelKind[];
  /** Opens the session (or tries again after a disconnect). */
  start(companyId: number, whatsappId: number): Promise<void>;
  /** Logs out and opens again, for a new QR code. */
  renew(companyId: number, whatsappId: number): Promise<void>;
  /** Logs the session out. */
  logout(companyId: number, whatsappId: number): Promise<void>;
  /** Whether a number has WhatsApp, asked through the connection (absent where no gateway runs in this process). */
  checkNumber?(companyId: number, whatsappId: number, number: string): Promise<boolean>;
}

export interface ConnectionRouteDeps {
  api: ApiContext;
  sessions: SessionControl;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
}

type NewConnection = InferType<typeof connectionSchema>;
type ConnectionChanges = InferType<typeof connectionChangesSchema>;
type Connection = Whatsapp & WhatsappSettings;

/** The QR code pairs a phone with the connection: only those who may manage connections see it. */
function forViewer(viewer: Viewer, whatsapp: Connection): Connection | Omit<Connection, 'qrcode'> {
  if (viewer.profile === 'admin') return whatsapp;
  const { qrcode: _qrcode, ...rest } = whatsapp;
  return rest;
}

const channelUnavailable = (channel: string) =>
  new AppError('ERR_VALIDATION', 400, `This installation does not run the ${channel} channel`, [{ path: 'channel', message: 'validation.invalid' }]);

const greetingMissing = () =>
  new AppError('ERR_WAPP_GREETING_REQUIRED', 400, 'A connection with more than one queue needs a greeting message', [{ path: 'greetingMessage', message: 'validation.required' }]);

/**
 * The connections (WhatsApp numbers): their paths keep the spec's `/whatsapp` names. Admins add them within the
 * plan's connection limit, change and delete them; which one is the company's default is decided by its roster
 * (docs/decisions/0018-connections.md).
 */
export function connectionRoutes({ api: ctx, sessions, knex, store, ids }: ConnectionRouteDeps): RouteSpec[] {
  const feature = 'connections';
  const plans = new PlanQueries(knex);
  const bots = new BotQueries(knex);
  const tokens = new ConnectionTokens(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  const found = async (companyId: number, id: number) => {
    const whatsapp = await ctx.connections.whatsapp(companyId, id);
    if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404, `Connection ${id} not found`);
    return whatsapp;
  };
  const inCompany = async ({ params: { id }, auth }: { params: { id: number }; auth: AuthContext }) => {
    await found(auth.viewer.companyId, id);
  };
  const details = async (companyId: number, id: number): Promise<WhatsappDetails> => ({ ...(await found(companyId, id)), token: await tokens.get(companyId, id) });

  /** Queues must be the company's own; prompts and integrations have no records yet, so none can be named. */
  async function checkLinks(companyId: number, fields: { queueIds?: number[]; transferQueueId?: number | null; promptId?: number | null; integrationId?: number | null }) {
    const named = [...(fields.queueIds ?? []), ...(fields.transferQueueId != null ? [fields.transferQueueId] : [])];
    if (named.length) {
      const own = new Set((await ctx.queues.queues(companyId)).map((q) => q.id));
      const refuse = (path: string, foreign: number[]) => {
        if (foreign.length) throw new AppError('ERR_VALIDATION', 400, `Queues ${foreign.join(', ')} are not the company's`, [{ path, message: 'validation.invalid' }]);
      };
      refuse('queueIds', (fields.queueIds ?? []).filter((id) => !own.has(id)));
      refuse('transferQueueId', fields.transferQueueId != null && !own.has(fields.transferQueueId) ? [fields.transferQueueId] : []);
    }
    await checkBotLinks(bots, companyId, fields);
  }

  const sessionAction = (method: 'post' | 'put' | 'delete', action: 'start' | 'renew' | 'logout', summary: string) =>
    route<{ id: number }>({
      method,
      path: '/whatsappsession/:id',
      feature,
      summary,
      permission: 'connections-page:actionButtons',
      params: idParamsSchema(),
      errors: ['ERR_NO_WAPP_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        await found(viewer.companyId, id);
        await sessions[action](viewer.companyId, id);
        res.json({ message: 'Starting session.' });
      },
    });
  return [
    route({
      method: 'get',
      path: '/whatsapp',
      feature,
      summary: "The company's connections (their QR codes only for admins)",
      permission: 'signedIn',
      async handler({ res, auth: { viewer } }) {
        res.json((await ctx.connections.whatsapps(viewer.companyId)).map((w) => forViewer(viewer, w)));
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/whatsapp/:id',
      feature,
      summary: 'One connection (with its API token for those who may edit it)',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_NO_WAPP_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        if (can(viewer, 'connections-page:editOrDeleteConnection')) res.json(await details(viewer.companyId, id));
        else res.json(forViewer(viewer, await found(viewer.companyId, id)));
      },
    }),
    route<AnyObject, AnyObject, NewConnection>({
      method: 'post',
      path: '/whatsapp',
      feature,
      summary: "Add a connection (within the plan's connection limit); the company's first one is its default",
      permission: 'connections-page:addConnection',
      body: connectionSchema,
      status: 201,
      errors: ['ERR_PLAN_LIMIT_REACHED', 'ERR_WAPP_NAME_ALREADY_EXISTS', 'ERR_WAPP_GREETING_REQUIRED'],
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        if (greetingRequired(body)) throw greetingMissing();
        if (!sessions.channels.includes(body.channel)) throw channelUnavailable(body.channel);
        await checkLinks(companyId, body);
        const { token, ...fields } = body;
        const plan = await plans.ofCompany(companyId);
        const id = await ids.next('whatsapp');
        const result = await createConnection(store, id, { companyId, ...fields } satisfies WhatsappFields, by(auth), plan?.connections ?? null);
        await tokens.set(companyId, id, token);
        await ctx.readYourWrites(result.position);
        // A new connection starts at once: its QR code shows up on the page for the phone to scan.
        await sessions.start(companyId, id).catch(() => undefined);
        res.status(201).json(await details(companyId, id));
      },
    }),
    route<{ id: number }, AnyObject, ConnectionChanges>({
      method: 'put',
      path: '/whatsapp/:id',
      feature,
      summary: 'Change a connection; marking it default unmarks the previous default, which cannot be unmarked directly',
      permission: 'connections-page:editOrDeleteConnection',
      params: idParamsSchema(),
      body: connectionChangesSchema,
      errors: ['ERR_NO_WAPP_FOUND', 'ERR_WAPP_NAME_ALREADY_EXISTS', 'ERR_WAPP_GREETING_REQUIRED', 'ERR_NO_OTHER_WHATSAPP'],
      authorize: inCompany,
      async handler({ res, params: { id }, body, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        if (greetingRequired({ queueIds: body.queueIds ?? current.queueIds, greetingMessage: body.greetingMessage ?? current.greetingMessage })) throw greetingMissing();
        const switching = body.channel !== undefined && body.channel !== current.channel;
        if (switching && !sessions.channels.includes(body.channel!)) throw channelUnavailable(body.channel!);
        await checkLinks(companyId, body);
        const { token, ...changes } = body;
        const result = Object.keys(changes).length > 0 ? await changeConnection(store, companyId, id, changes as Partial<WhatsappFields>, current.name, by(auth)) : undefined;
        if (token !== undefined) await tokens.set(companyId, id, token);
        await ctx.readYourWrites(result?.position);
        // Another channel: the session moves to that channel's provider (the old one is stopped).
        if (switching) await sessions.start(companyId, id).catch(() => undefined);
        res.json(await details(companyId, id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/whatsapp/:id',
      feature,
      summary: 'Delete a connection (not the default while others exist); its name is free again and its session logged out',
      permission: 'connections-page:editOrDeleteConnection',
      params: idParamsSchema(),
      errors: ['ERR_NO_WAPP_FOUND', 'ERR_NO_OTHER_WHATSAPP'],
      authorize: inCompany,
      async handler({ res, params: { id }, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        const result = await deleteConnection(store, companyId, id, current.name, by(auth));
        await tokens.remove(id);
        // Best effort: the connection is gone whatever its session does; a session left open has no record to serve.
        await sessions.logout(companyId, id).catch(() => undefined);
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Whatsapp deleted.' });
      },
    }),
    sessionAction('post', 'start', 'Open the connection\'s session (or try again after a disconnect)'),
    sessionAction('put', 'renew', 'Log the session out and open it again, for a new QR code'),
    sessionAction('delete', 'logout', 'Disconnect the session'),
  ];
}
