import type { Knex } from 'knex';
import type { Position } from '@atendo/contracts';
import type { ApiContext, AuthRoutesOptions, Mailer, SessionControl } from '@atendo/api';
import type { ContactStreamService, FlowSecrets } from '@atendo/core';
import type { EventStore, IdAllocator } from '@atendo/platform';
import type { PluginRegistry } from '@atendo/flow-engine';
import type { Config } from '../config.js';
import type { SendGovernors } from './sendGovernors.js';
import type { DevOutbox } from '../mail/devOutbox.js';
import type { Logger } from '../logger.js';

/**
 * The named services a feature asks for (decision 0042): its routes, processes and probe destructure the ones they use
 * (`routes: ({ knex, store, ids, readYourWrites }) => …`). The composition root (atendo.ts) fills them as the
 * process's roles start; a feature that offers a service to others declares it here by module augmentation
 * (`declare module '…/platform/services.js' { interface Services { media: MediaServices } }`) and makes it in its
 * module's `provides`.
 */
export interface Services {
  /** The configuration this process started with. */
  config: Config;
  log: Logger;
  knex: Knex;
  /** The database's URL, for the processes that listen on their own connection (LISTEN/NOTIFY). */
  databaseUrl: string;
  /** The event store: the log every command appends to. */
  store: EventStore;
  /** Ids from the features' sequences. */
  ids: IdAllocator;
  /** The commands of the customers' conversations (their contact streams). */
  conversations: ContactStreamService;
  /** Resolves once every read model of this process includes `position`. */
  readYourWrites(position: Position | undefined): Promise<void>;
  /** What time it is (tests move it forward). */
  clock: () => Date;
  /** The key the access tokens and media URLs are signed with. */
  jwtSecret: string;
  /** The flow block types this installation runs (the workspace's plugins and installed ones). */
  plugins: PluginRegistry;
  /** Secrets of flow blocks, prompts and integrations, sealed at rest. */
  secrets: FlowSecrets;
  /** Outside calls may reach addresses inside this installation's network (FLOW_PRIVATE_URLS), as flow blocks' do. */
  allowPrivateUrls: boolean;
  /**
   * The WhatsApp sessions: the gateway's when the channels role runs here, else a stand-in that starts nothing and
   * checks no number (roles talk through the log and no call reaches another node's sessions, decision 0029).
   */
  sessions: SessionControl;
  /** The connections' send governors: every send that is not an agent's reply asks its connection's first (jobs role). */
  governors: SendGovernors;
  /** The API's shared context: the queries every route reads, the company gate (api role). */
  api: ApiContext;
  /** Sign-in's tokens, credentials and refresh tokens (api role). */
  auth: AuthRoutesOptions;
  /** E-mail: null when no SMTP server is configured (production without SMTP_URL) (api role). */
  mailer: Mailer | null;
  /** The local SMTP server of development and tests (null in production): its mail is read at GET /dev/outbox (api role). */
  outbox: DevOutbox | null;
  /** The flow blocks' random source, by draw key (tests seed it). */
  flowRandom: ((key: string) => number) | undefined;
  /** Flow blocks' outside calls in flight at once (tests lower it). */
  flowEffectConcurrency: number | undefined;
  /** Which variant a campaign's contact gets, by `{campaignId}:{number}` (tests seed it). */
  campaignRandom: ((key: string) => number) | undefined;
}

export type ServiceName = keyof Services & string;

const NOT_SERVICES = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', '$$typeof', 'nodeType', '@@__IMMUTABLE_ITERABLE__@@', '@@__IMMUTABLE_RECORD__@@']);

/**
 * The services of one process, added as its roles start. Features read them through `services`, which refuses by
 * name one this process has not (yet) made, say the API's context asked for by a process of a jobs-only node.
 */
export class ServiceRegistry {
  private readonly provided = new Map<string, unknown>();

  constructor(private readonly where: string) {}

  /** Adds services; a name given twice is refused (two features cannot offer one service). */
  provide(services: Partial<Services>): void {
    for (const [name, service] of Object.entries(services)) {
      if (this.provided.has(name)) throw new Error(`The service ${name} is provided twice`);
      this.provided.set(name, service);
    }
  }

  has(name: ServiceName): boolean {
    return this.provided.has(name);
  }

  readonly services: Services = new Proxy({} as Services, {
    get: (_target, name) => {
      // What JavaScript itself asks of any object (is it a promise, how is it printed) is not a service.
      if (typeof name !== 'string' || NOT_SERVICES.has(name)) return undefined;
      if (!this.provided.has(name)) throw new Error(`No service ${name} in ${this.where}: it is made by a role this process does not run, or later than it is asked for`);
      return this.provided.get(name);
    },
    has: (_target, name) => typeof name === 'string' && this.provided.has(name),
  });
}
