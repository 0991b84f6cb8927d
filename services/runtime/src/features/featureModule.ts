import type { ChannelDefinitions, ErrorDefinitions, PermissionDefinitions, PlanFlagDefinitions } from '@atendo/contracts';
import type { RouteSpec } from '@atendo/api';
import type { RequestHandler } from 'express';
import type { Migration } from '@atendo/core';
import type { InboundEnricher } from '../gateway/inboundContexts.js';
import type { Projection } from '@atendo/read';
import type { Services } from '../platform/services.js';

export type { Services } from '../platform/services.js';

/**
 * Company B of the tenant probe (services/runtime/src/routeWalks.int.test.ts), as a feature's probe sees it: a second
 * company whose records a user of the first must neither see nor change through any route.
 */
export interface ProbeCompany {
  /** Calls the API as B's admin and answers the body: JSON, or a multipart `form` for uploads. */
  api<T = unknown>(path: string, init?: { method?: string; body?: unknown; form?: FormData }): Promise<T>;
  /**
   * The company's records made so far (the feature list's order), by resource; the company itself: `company`,
   * `user`, `whatsapp` (and A's first `queue`). B's for `make`, A's for `ours`.
   */
  theirs: Readonly<Record<string, string>>;
  /** Tries `check` again until it passes (the read models and the jobs role catch up). */
  eventually<T>(check: () => Promise<T>, timeoutMs?: number): Promise<T>;
  /** A customer writes to B's connection. */
  customerSays(number: string, text: string, pushName: string): Promise<void>;
}

/** What the tenant probe needs of a feature whose routes take ids. */
export interface FeatureProbe {
  /**
   * Which resource each id of its routes' paths names, by `<first path segment>.<parameter>` (`'schedules.id':
   * 'schedule'`); null: not a company's record (a platform-wide help entry, a setting's key).
   */
  resources: Readonly<Record<string, string | null>>;
  /** Makes company B one of each resource it names: their ids (as the path takes them), by resource. */
  make?(b: ProbeCompany): Promise<Record<string, string>>;
  /** What B sees of its records, read before and after the probe: nothing may have changed. */
  observe?(b: ProbeCompany): Promise<unknown>;
  /**
   * The body probe: which record each id field of its routes' bodies names, by the field's name (`contactListId:
   * 'contactList'`); null: not a company's record (a plan), or the record the route itself names. A field's name
   * means one thing across the API: one module names it.
   */
  bodyIds?: Readonly<Record<string, string | null>>;
  /** B's record in each shape a body field takes it where that is not its id (a flow graph naming B's queue), by resource. */
  shapes?: Readonly<Record<string, (theirs: Readonly<Record<string, string>>) => unknown[]>>;
  /** Makes company A (the prober) the records its routes' bodies name, in the feature list's order: their ids, by resource. */
  ours?(a: ProbeCompany): Promise<Record<string, string>>;
  /** A's valid body of each of its routes whose body names records, by `METHOD /path` as /openapi.json writes it. */
  bodies?(ours: Readonly<Record<string, string>>): Record<string, ProbeBody>;
}

/** A's valid body of a route, but for the field the body probe sets to B's record. */
export interface ProbeBody {
  /** The route's own record in A (its path's id). */
  path?: string;
  body: Record<string, unknown>;
  /** The route asks the world outside with A's own body: the probe sends only B's ids. */
  outside?: true;
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
  /** Its entries of the route table (services/api): the API serves nothing else. It names the services it uses. */
  routes?: (services: Services) => RouteSpec[];
  /** The realtime channels its projections emit on, with their payloads (`contracts/src/<name>/realtime.ts`). */
  channels?: ChannelDefinitions;
  /** The catalogue codes its routes and deciders answer with, with their texts (`contracts/src/<name>/errors.ts`). */
  errors?: ErrorDefinitions;
  /** The permission keys its routes name, with who holds each (`contracts/src/<name>/permissions.ts`). */
  permissions?: PermissionDefinitions;
  /** The plan flags that switch it (`contracts/src/<name>/planFlags.ts`). */
  planFlags?: PlanFlagDefinitions;
  /** The tenant probe's names for its ids, and how company B gets one of each. */
  probe?: FeatureProbe;
  /** Its processes, run by the jobs role (timers, schedules, campaigns …), with the services they name. */
  processes?: (services: Services) => FeatureProcess[];
  /**
   * Services it offers other features (declared on `Services` by module augmentation), made once at start from the
   * platform's services, before any role starts.
   */
  provides?: (services: Services) => Promise<Partial<Services>> | Partial<Services>;
  /** What its automation adds to a customer's message before the conversation decides it (the gateway runs it). */
  inbound?: InboundEnricher;
  /**
   * Handlers served outside the route table, before body parsing, by path prefix (the API role): a development tool
   * with pages of its own (billing's Pix simulator). Not for the product's API, which is the table's.
   */
  mounts?: (services: Services) => Array<[string, RequestHandler]>;
  /** Its feed channels a company past its due date still hears (billing's `payment`); the others stop. */
  channelsWhenExpired?: readonly string[];
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
  const channel = seen('the channel');
  const permission = seen('the permission');
  const planFlag = seen('the plan flag');
  const probed = seen("the probe's id");
  const bodyId = seen("the body probe's field");
  for (const m of modules) {
    if (!/^[a-z][a-zA-Z]*$/.test(m.name)) throw new Error(`Feature "${m.name}": a feature's name is one lower-camel-case word`);
    feature(m.name, m.name);
    for (const p of m.projections ?? []) projection(p.name, m.name);
    for (const g of m.migrations ?? []) migration(g.name, m.name);
    for (const c of Object.keys(m.channels ?? {})) {
      // The console subscribes to `company-{companyId}-{channel}`: a name is one word.
      if (!/^[A-Za-z]+$/.test(c)) throw new Error(`Feature ${m.name}: channel ${c} is not a feed channel's name (one word of letters)`);
      channel(c, m.name);
    }
    for (const p of Object.keys(m.permissions ?? {})) permission(p, m.name);
    for (const f of Object.keys(m.planFlags ?? {})) planFlag(f, m.name);
    for (const r of Object.keys(m.probe?.resources ?? {})) probed(r, m.name);
    for (const f of Object.keys(m.probe?.bodyIds ?? {})) bodyId(f, m.name);
  }
}
