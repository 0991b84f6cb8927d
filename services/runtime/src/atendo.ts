import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import type { FeedEntry, Position } from '@atendo/contracts';
import {
  ContactStreamService,
  createKnex,
  eventStoreMigrations,
  FlowSecrets,
  idMigrations,
  migrateLatest,
  PostgresEventStore,
  PostgresSnapshotStore,
  sequenceIds,
  snapshotMigrations,
  type EventStore,
  type Migration,
  type SendGovernorConfig,
} from '@atendo/core';
import {
  CompanyQueries,
  ConnectionQueries,
  TicketQueries,
  FeedStore,
  Projector,
  ProjectorGroup,
  projectionStatus,
  QueueQueries,
  runtimeMigrations,
  UserQueries,
  waitForCheckpoints,
  type Projection,
} from '@atendo/read';
import {
  CompanyGate,
  createApiApp,
  Credentials,
  IdempotencyKeys,
  RealtimeServer,
  RefreshTokens,
  readAccessToken,
  setPasswordHashCost,
  smtpMailer,
  Presence,
  type ApiContext,
  type AuthRoutesOptions,
  type MediaServices,
  type SessionControl,
} from '@atendo/api';
import type { ChannelKind } from '@atendo/contracts';
import type { ChannelProvider } from '@atendo/channels';
import type { Bus } from './bus/port.js';
import { InProcessBus } from './bus/inProcessBus.js';
import type { Config, Role } from './config.js';
import { SendGovernors } from './platform/sendGovernors.js';
import { resolveDatabase, type Database } from './db/database.js';
import { availableChannels, openChannels, whatsappAuthKey } from './gateway/channels.js';
import { discoverPlugins, type PluginRegistry } from '@atendo/flow-engine';
import { fileURLToPath } from 'node:url';
import { Gateway } from './gateway/gateway.js';
import { ParkedInbound } from './gateway/parkedInbound.js';
import type { FeatureProcess } from './features/featureModule.js';
import { ServiceRegistry, type Services } from './platform/services.js';
import type { RequestHandler } from 'express';
import { DevOutbox } from './mail/devOutbox.js';
import { errorCatalogue, features, permissionRegistry, projections as allProjections } from './features/index.js';
import { inboundEnrichers } from './gateway/inboundContexts.js';
import { uploadDirOf } from './features/media/index.js';
import type { Logger } from './logger.js';
import { seedDemo, type SeedResult } from './seed.js';
import { ensureSimulator, simulatorProxy } from './simulator.js';

export const FEED_TOPIC = 'atendo.feed';

/** The repository's root: flow plugins are discovered under its `plugins/` and `node_modules/`. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What the platform itself needs before any feature: the log, ids, snapshots, checkpoints and the feed. */
export const platformMigrations: Migration[][] = [eventStoreMigrations, idMigrations, snapshotMigrations, runtimeMigrations];

/** Every migration of the product: the platform's and every feature's (knex applies them by name, in date order). */
export const allMigrations: Migration[][] = [...platformMigrations, ...features.map((f) => f.migrations ?? [])];

export interface Atendo {
  config: Config;
  log: Logger;
  database: Database;
  knex: Knex;
  store: EventStore;
  bus: Bus;
  projectors: Projector[];
  http: http.Server | undefined;
  realtime: RealtimeServer | undefined;
  gateway: Gateway | undefined;
  /** The customers' conversations (commands on their streams). */
  conversations: ContactStreamService;
  /** The flow block types this process runs (discovered at start). */
  plugins: PluginRegistry;
  /** Secrets of flow blocks, prompts and integrations, sealed at rest. */
  secrets: FlowSecrets;
  /** The jobs role's processes (timers …), by name; empty without the role. */
  processes: Map<string, FeatureProcess>;
  /** Media files: the blob store and the signer of their URLs. */
  media: MediaServices;
  /** Where the API listens, once started with the api role. */
  url: string | undefined;
  simulatorUrl: string | undefined;
  jwtSecret: string;
  /** What the first start seeded (null when the demo already existed or seeding is off). */
  seeded: SeedResult | null;
  /** The named services of this process, as features see them (tests reach a feature's service here). */
  services: Services;
  /** Resolves once every read model of this process includes `position`. */
  readYourWrites(position: Position | undefined): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  roles: Role[];
  log: Logger;
  /** Read models to run (default: all of the product's). */
  projections?: Projection[];
  /** Where the seed reads ADMIN_EMAIL, ADMIN_PASSWORD … (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Channel providers to use instead of the configured ones (tests drive Baileys with a fake WhatsApp socket). */
  channelProviders?: (deps: { knex: Knex; config: Config }) => Partial<Record<ChannelKind, ChannelProvider>>;
  /** What time the jobs role thinks it is (tests move it forward instead of waiting). */
  clock?: () => Date;
  /** The flow blocks' random source, by draw key (tests seed it; default: the engine's own, seeded per execution). */
  flowRandom?: (key: string) => number;
  /** Flow blocks' outside calls in flight at once (tests lower it). */
  flowEffectConcurrency?: number;
  /** Which variant a campaign's contact gets, by draw key `{campaignId}:{number}` (tests seed it). */
  campaignRandom?: (key: string) => number;
  /** The send governor's limits instead of the defaults (tests and benchmarks; decision 0028). */
  sendGovernor?: Partial<SendGovernorConfig>;
}

export async function openEventStore(config: Config, databaseUrl: string): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EsdbEventStore } = await import('@atendo/platform/esdb');
    return new EsdbEventStore({ connectionString: config.eventStoreUrl });
  }
  return new PostgresEventStore({ connectionString: databaseUrl, poolSize: 20 });
}

export async function openBus(config: Config, log: Logger): Promise<Bus> {
  const onError = (error: unknown, topic: string) => log.error({ err: error, topic }, 'bus handler failed');
  if (config.kafkaBrokers) {
    const { KafkaBus } = await import('./bus/kafkaBus.js');
    return new KafkaBus({ brokers: config.kafkaBrokers, clientId: `atendo-${config.nodeId}`, onHandlerError: onError });
  }
  return new InProcessBus(onError);
}

/**
 * Stops taking connections and closes the idle ones at once; requests under way get `graceMs` to finish, then every
 * connection is closed, a client that never finishes its request included. Upgraded sockets are the realtime server's.
 */
async function closeServer(server: http.Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([closed, grace]);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}

/** The composition root: builds the adapters the configuration names and starts the requested roles. */
export async function startAtendo(config: Config, options: StartOptions): Promise<Atendo> {
  const { log, roles } = options;
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err: unknown) => log.error({ err }, 'error while stopping'));
  };
  setPasswordHashCost(config.passwordHashCost);
  try {
    const database = await resolveDatabase(config, log);
    if (database.embedded) stops.push(() => database.embedded!.stop());
    const knex = createKnex(database.url, { max: 20, genericMax: config.listConnections });
    stops.push(() => knex.destroy());
    const applied = await migrateLatest(knex, ...allMigrations);
    if (applied.length) log.info({ applied }, 'migrations applied');

    const store = await openEventStore(config, database.url);
    stops.push(() => store.close());
    const bus = await openBus(config, log);
    stops.push(() => bus.close());
    const feed = new FeedStore(knex);
    const jwtSecret = config.jwtSecret ?? randomBytes(32).toString('hex');
    // Flow blocks: the workspace's plugins and every installed package that declares one (decision 0027).
    const plugins = await discoverPlugins(REPO_ROOT);
    const secrets = new FlowSecrets(knex, await whatsappAuthKey(config));
    const userQueries = new UserQueries(knex);
    const queueQueries = new QueueQueries(knex);
    const connectionQueries = new ConnectionQueries(knex);
    const conversationQueries = new TicketQueries(knex);
    const ids = sequenceIds(knex);
    const credentials = new Credentials(knex);
    const presence = new Presence(knex);
    const conversationService = new ContactStreamService(store, ids, new PostgresSnapshotStore(knex));
    // The named services features ask for (decision 0042): the platform's now, the roles' as they start.
    const registry = new ServiceRegistry(`node ${config.nodeId} (roles: ${roles.join(', ')})`);
    const services = registry.services;
    registry.provide({
      config,
      log,
      knex,
      databaseUrl: database.url,
      store,
      ids,
      conversations: conversationService,
      clock: options.clock ?? (() => new Date()),
      jwtSecret,
      plugins,
      secrets,
      allowPrivateUrls: config.flowPrivateUrls,
      flowRandom: options.flowRandom,
      flowEffectConcurrency: options.flowEffectConcurrency,
      campaignRandom: options.campaignRandom,
    });
    // What features offer each other (the media feature's blob store …), before any role asks for it.
    for (const feature of features) if (feature.provides) registry.provide(await feature.provides(services));
    const media = services.media;

    const projectors: Projector[] = [];
    if (roles.includes('read')) {
      for (const projection of options.projections ?? allProjections) {
        const projector = new Projector({
          store,
          knex,
          projection,
          onCommitted: (entries: FeedEntry[]) => bus.publish(FEED_TOPIC, entries.map((e) => ({ key: String(e.companyId), value: e }))),
          log,
        });
        projectors.push(projector);
      }
      const group = new ProjectorGroup(store, projectors, { onError: (err) => log.fatal({ err }, 'projector subscription stopped') });
      await group.start();
      stops.push(() => group.stop());
      const prune = setInterval(() => {
        feed.prune(config.feedRetentionEntries).catch((err: unknown) => log.warn({ err }, 'feed prune failed'));
      }, 60_000);
      stops.push(async () => clearInterval(prune));
      log.info({ projections: projectors.map((p) => p.name) }, 'read role started');
    }
    const projectionNames = (options.projections ?? allProjections).map((p) => p.name);
    // In one process the projectors say when they are done; otherwise their stored checkpoints do.
    const readYourWrites = async (position: Position | undefined) => {
      if (!position) return;
      if (projectors.length) await Promise.all(projectors.map((p) => p.waitFor(position)));
      else await waitForCheckpoints(knex, projectionNames, position);
    };
    registry.provide({ readYourWrites });

    let seeded: SeedResult | null = null;
    if (config.seedDemo) {
      seeded = await seedDemo(store, ids, options.env ?? process.env, credentials);
      if (seeded) await readYourWrites(seeded.position);
    }

    let simulatorUrl = config.simulatorUrl;
    let gateway: Gateway | undefined;
    if (roles.includes('channels') && (!config.production || config.simulatorUrl)) {
      const simulator = await ensureSimulator(config, log);
      stops.push(() => simulator.stop());
      simulatorUrl = simulator.url;
    }
    if (roles.includes('channels')) {
      // Each connection runs on its channel's provider: Baileys for real numbers, the simulator where it runs.
      const provider = await openChannels(config, knex, log, simulatorUrl, options.channelProviders?.({ knex, config }));
      stops.push(() => provider.close());
      gateway = new Gateway({ store, knex, provider, conversations: conversationService, connections: connectionQueries, conversationQueries, log, deliveryBoundMs: config.deliveryBoundMs, sendRetryBoundMs: config.sendRetryBoundMs, channels: availableChannels(config, simulatorUrl), blobs: media.blobs, enrichers: inboundEnrichers(features) });
      await gateway.start();
      stops.push(() => gateway!.stop());
    }
    const sessions: SessionControl = gateway?.sessions ?? {
      channels: availableChannels(config, simulatorUrl),
      start: async () => undefined,
      renew: async () => undefined,
      logout: async () => undefined,
    };
    registry.provide({ sessions });

    // The jobs role: each feature's processes (timers …) react to time by sending commands.
    const processes = new Map<string, FeatureProcess>();
    if (roles.includes('jobs')) {
      registry.provide({ governors: new SendGovernors(knex, options.sendGovernor) });
      for (const process of features.flatMap((f) => f.processes?.(services) ?? [])) {
        process.start();
        processes.set(process.name, process);
        stops.push(() => process.stop());
      }
      log.info({ processes: [...processes.keys()] }, 'jobs role started');
    }

    let server: http.Server | undefined;
    let realtime: RealtimeServer | undefined;
    let url: string | undefined;
    if (roles.includes('api')) {
      const companyQueries = new CompanyQueries(knex);
      const companyGate = new CompanyGate((companyId) => companyQueries.company(companyId));
      const context: ApiContext = {
        secret: jwtSecret,
        users: userQueries,
        companies: companyGate,
        queues: queueQueries,
        connections: connectionQueries,
        conversations: conversationQueries,
        conversationService,
        idempotencyKeys: new IdempotencyKeys(knex),
        readYourWrites,
      };
      const refreshTokens = new RefreshTokens(knex, config.refreshTokenTtlSeconds, config.refreshReuseGraceSeconds);
      const purge = setInterval(() => {
        refreshTokens.purge().catch((err: unknown) => log.warn({ err }, 'refresh token purge failed'));
      }, 60 * 60_000);
      stops.push(async () => clearInterval(purge));
      const parked = new ParkedInbound(knex);
      const authOptions: AuthRoutesOptions = {
        secret: jwtSecret,
        accessTtlSeconds: config.accessTokenTtlSeconds,
        refreshTtlSeconds: config.refreshTokenTtlSeconds,
        secureCookies: config.production,
        users: userQueries,
        refreshTokens,
        credentials,
        knex,
        store,
      };
      // E-mail over SMTP: the configured server, else (outside production) a local one whose mail /dev/outbox shows.
      let outbox: DevOutbox | null = null;
      let smtpUrl = config.smtpUrl;
      if (!smtpUrl && !config.production) {
        outbox = await DevOutbox.start();
        stops.push(() => outbox!.close());
        smtpUrl = outbox.url;
      }
      if (!smtpUrl) log.warn('no SMTP server is configured (SMTP_URL): password reset codes cannot be sent');
      const mailer = smtpUrl ? smtpMailer(smtpUrl, config.mailFrom) : null;
      if (mailer) stops.push(async () => mailer.close());
      registry.provide({ api: context, auth: authOptions, mailer, outbox });
      const app = createApiApp({
        log,
        trustProxy: config.trustProxy,
        healthDetails: config.production ? 'superAdmin' : 'public',
        raw: [...(simulatorUrl && !config.production ? [['/simulator', simulatorProxy(simulatorUrl)] as [string, RequestHandler]] : []), ...features.flatMap((f) => f.mounts?.(services) ?? [])],
        staticDir: config.webDist,
        routes: features.flatMap((f) => f.routes?.(services) ?? []),
        errors: errorCatalogue,
        permissions: permissionRegistry,
        secret: jwtSecret,
        users: userQueries,
        companies: companyGate,
        uploadDir: uploadDirOf(config),
        planAllows: (companyId, flag) => companyQueries.planAllows(companyId, flag),
        // From the checkpoint table, so that an API node without the read role reports the projectors too.
        health: async () => {
          const projections = await projectionStatus(knex, store, projectionNames);
          // Customer messages set aside after repeated failures: nothing is lost, but an operator should look.
          const parkedInbound = await parked.count();
          const failing = projections.filter((p) => p.state === 'stopped' || p.lagSeconds > config.healthMaxLagSeconds).map((p) => p.name);
          // Connections whose recent sends all failed: the platform runs, but those numbers are not delivering.
          const degradedConnections = await connectionQueries.degraded();
          // Each connection's unsent replies: one whose oldest waits too long is stuck. That is one company's number,
          // so the node says degraded (200), not unhealthy: a load balancer must not take every company's node away.
          const outbox = await conversationQueries.pendingSends();
          const stuckOutboxes = outbox.filter((o) => o.oldestSeconds > config.healthMaxOutboxSeconds).map((o) => o.whatsappId);
          return {
            healthy: failing.length === 0,
            ...(stuckOutboxes.length ? { degraded: true } : {}),
            details: { node: config.nodeId, roles, eventStore: store.name, bus: bus.name, sockets: realtime?.connections ?? 0, projections, parkedInbound, degradedConnections, outbox, ...(stuckOutboxes.length ? { stuckOutboxes } : {}), ...(failing.length ? { failing } : {}) },
          };
        },
      });
      server = http.createServer(app);
      realtime = new RealtimeServer({
        server,
        verifyToken: (token) => readAccessToken(token, jwtSecret),
        loadViewer: (claims) => userQueries.viewer(claims.companyId, claims.userId),
        companyRefusal: async (companyId) => (await companyGate.refusal(companyId))?.code ?? null,
        channelsWhenExpired: features.flatMap((f) => f.channelsWhenExpired ?? []),
        feed,
        maxBufferedBytes: config.realtimeMaxBufferedBytes,
        log,
        onPresence: (viewer) => presence.seen(viewer.companyId, viewer.userId),
      });
      const subscription = await bus.subscribe(FEED_TOPIC, `realtime-${config.nodeId}`, async (message) => realtime!.deliver([message.value as FeedEntry]));
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(config.port, config.host, () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
      stops.push(() => closeServer(server!, (config.shutdownTimeoutSeconds * 1000) / 2));
      stops.push(() => realtime!.close());
      stops.push(() => subscription.close());
      log.info({ url }, 'api role listening');
    }

    return { config, log, database, knex, store, bus, projectors, http: server, realtime, gateway, plugins, secrets, processes, conversations: conversationService, media, url, simulatorUrl, jwtSecret, seeded, readYourWrites, stop, services };
  } catch (error) {
    await stop();
    throw error;
  }
}
