import type { Knex } from 'knex';
import { SETTINGS, type Queue } from '@atendo/contracts';
import type { InboundContext } from '@atendo/core';
import { CompanyQueries, QueueQueries, type CompanyRecord } from '@atendo/read';

/** What every automation of a connection may start from: read once per connection for all of them. */
export interface ConnectionFacts {
  connectionId: number;
  companyId: number;
  /** The connection's queues, in the catalogue's order (the order the menu lists them in). */
  queues: Queue[];
  /** Its company (settings, business hours); null when it is gone. */
  company: CompanyRecord | null;
}

/**
 * What an automation adds to a customer's message before the conversation decides it (decision 0045): its part of the
 * `InboundContext`, read from its own configuration. A feature module brings it (`inbound`); the gateway runs them all,
 * in the feature list's order (`before`: what the ones before it added), and names none.
 */
export interface InboundEnricher {
  name: string;
  read(knex: Knex, facts: ConnectionFacts, before: InboundContext): Promise<InboundContext>;
}

/** The enrichers the feature modules bring. */
export const inboundEnrichers = (modules: ReadonlyArray<{ inbound?: InboundEnricher }>): InboundEnricher[] => modules.flatMap((m) => (m.inbound ? [m.inbound] : []));

interface Known {
  context: InboundContext;
  ignoreGroups: boolean;
}

/**
 * What the automations know of each connection, and whether its company takes group messages, read from the catalogue
 * and kept for a second, so a burst of messages reads it once and an admin's change applies from the next second on.
 */
export class InboundContexts {
  private readonly cache = new Map<number, { at: number; context: Promise<Known | undefined> }>();
  private readonly queues: QueueQueries;
  private readonly companies: CompanyQueries;

  constructor(
    private readonly knex: Knex,
    private readonly enrichers: readonly InboundEnricher[],
    private readonly ttlMs = 1_000,
  ) {
    this.queues = new QueueQueries(knex);
    this.companies = new CompanyQueries(knex);
  }

  /** What a customer's message on this connection is decided with. */
  async inbound(connectionId: number): Promise<InboundContext> {
    return (await this.known(connectionId))?.context ?? {};
  }

  /** The company's `CheckMsgIsGroup`: messages in WhatsApp groups open no tickets. */
  async ignoresGroups(connectionId: number): Promise<boolean> {
    return (await this.known(connectionId))?.ignoreGroups ?? false;
  }

  private known(connectionId: number): Promise<Known | undefined> {
    const now = Date.now();
    const known = this.cache.get(connectionId);
    if (known && now - known.at < this.ttlMs) return known.context;
    const context = this.read(connectionId);
    this.cache.set(connectionId, { at: now, context });
    // A failed read is not kept: the next message reads again.
    context.catch(() => this.cache.delete(connectionId));
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return context;
  }

  private async read(connectionId: number): Promise<Known | undefined> {
    const row = (await this.knex('whatsapps').where({ id: connectionId }).first('company_id', 'queue_ids')) as { company_id: string | number; queue_ids: Array<string | number> } | undefined;
    if (!row) return undefined;
    const companyId = Number(row.company_id);
    const wanted = new Set(row.queue_ids.map(Number));
    const queues = (await this.queues.queues(companyId)).filter((q) => wanted.has(q.id));
    const company = await this.companies.company(companyId);
    const facts: ConnectionFacts = { connectionId, companyId, queues, company };
    let context: InboundContext = {};
    for (const enricher of this.enrichers) context = { ...context, ...(await enricher.read(this.knex, facts, context)) };
    const settings = company?.settings ?? {};
    return { context, ignoreGroups: (settings.CheckMsgIsGroup ?? SETTINGS.CheckMsgIsGroup.default) === 'enabled' };
  }
}
