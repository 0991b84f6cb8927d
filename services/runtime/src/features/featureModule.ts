import type { Knex } from 'knex';
import type { ErrorCode, FeedChannel } from '@atendo/contracts';
import type { ApiContext, AuthRoutesOptions, Mailer, MediaServices, RouteSpec, SessionControl } from '@atendo/api';
import type { DevOutbox } from '../mail/devOutbox.js';
import { FEED_CHANNELS } from '@atendo/contracts';
import type { ContactStreamService, EventStore, FlowSecrets, IdAllocator, Migration } from '@atendo/core';
import type { SendGovernors } from '../platform/sendGovernors.js';
import type { PluginRegistry } from '@atendo/flow-engine';
import type { Logger } from '../logger.js';
import type { Projection } from '@atendo/read';

/** What a feature's routes may ask for; a feature that needs its own queries builds them from `knex`. */
export interface FeatureDeps {
  api: ApiContext;
  auth: AuthRoutesOptions;
  sessions: SessionControl;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
  /** E-mail: null when no SMTP server is configured (production without SMTP_URL). */
  mailer: Mailer | null;
  /** The local SMTP server of development and tests (null in production): its mail is read at GET /dev/outbox. */
  outbox: DevOutbox | null;
  /** Media files: the blob store and the signer of their URLs. */
  media: MediaServices;
  /** The flow block types this installation runs (the workspace's plugins and installed ones). */
  plugins: PluginRegistry;
  /** Secrets of flow blocks, sealed at rest. */
  secrets: FlowSecrets;
  /** Outside calls may reach addresses inside this installation's network (FLOW_PRIVATE_URLS), as flow blocks' do. */
  allowPrivateUrls: boolean;
}

/** What a feature's processes (the jobs role) may ask for. */
export interface ProcessDeps {
  knex: Knex;
  databaseUrl: string;
  conversations: ContactStreamService;
  log: Logger;
  /** What time it is (tests move it forward). */
  clock: () => Date;
  store: EventStore;
  plugins: PluginRegistry;
  secrets: FlowSecrets;
  media: MediaServices;
  /** The flow blocks' random source (tests seed it). */
  flowRandom?: (key: string) => number;
  /** Flow blocks' outside calls in flight at once (tests lower it). */
  flowEffectConcurrency?: number;
  /** Which variant a campaign's contact gets, by `{campaignId}:{number}` (tests seed it). */
  campaignRandom?: (key: string) => number;
  /** The connections' send governors: every send that is not an agent's reply asks its connection's first. */
  governors: SendGovernors;
  /** Flow blocks may reach addresses inside this installation's network (FLOW_PRIVATE_URLS). */
  allowPrivateUrls: boolean;
  /**
   * The WhatsApp sessions of this process (the gateway, when the channels role runs here): absent otherwise, since roles
   * talk through the log and no call reaches another node's sessions (decision 0029).
   */
  sessions?: Pick<SessionControl, 'checkNumber'>;
}

/** A process of the jobs role: it reacts to time (and to the log) by sending commands. */
export interface FeatureProcess {
  name: string;
  start(): void;
  stop(): Promise<void>;
  /** Looks for work now instead of at its next tick. */
  poke?(): void;
}

/**
 * What a feature brings to the product (decision 0014). The composition root migrates, projects and serves what
 * the list of modules (./index.ts) brings; nothing central names a feature.
 */
export interface FeatureModule {
  /** The feature's one name, also its folder's in every layer (`services/core/src/<name>` …). */
  name: string;
  /** Its tables and sequences: read models and write-side helper tables. */
  migrations?: Migration[];
  /** Its read models. */
  projections?: Projection[];
  /** Its entries of the route table (services/api): the API serves nothing else. */
  routes?: (deps: FeatureDeps) => RouteSpec[];
  /** The realtime channels its projections emit on. */
  channels?: readonly FeedChannel[];
  /** The catalogue codes its routes and deciders answer with. */
  errors?: readonly ErrorCode[];
  /** Its processes, run by the jobs role (timers, schedules, campaigns …). */
  processes?: (deps: ProcessDeps) => FeatureProcess[];
}

export function defineFeature<M extends FeatureModule>(module: M): M {
  return module;
}

/** Refuses a list of modules the product could not run: the message names the module to fix. */
export function checkFeatures(modules: readonly FeatureModule[]): void {
  const seen = (what: string) => {
    const names = new Map<string, string>();
    return (key: string, owner: string) => {
      const other = names.get(key);
      if (other !== undefined) throw new Error(`Feature ${owner}: ${what} ${key} is already ${other}'s`);
      names.set(key, owner);
    };
  };
  const feature = seen('the name');
  const projection = seen('the projection');
  const migration = seen('the migration');
  for (const m of modules) {
    if (!/^[a-z][a-zA-Z]*$/.test(m.name)) throw new Error(`Feature "${m.name}": a feature's name is one lower-camel-case word`);
    feature(m.name, m.name);
    for (const p of m.projections ?? []) projection(p.name, m.name);
    for (const g of m.migrations ?? []) migration(g.name, m.name);
    for (const c of m.channels ?? []) {
      if (!(FEED_CHANNELS as readonly string[]).includes(c)) throw new Error(`Feature ${m.name}: channel ${c} is not a feed channel (contracts/src/realtime.ts)`);
    }
  }
}
