import type { Knex } from 'knex';
import { SETTINGS } from '@atendo/contracts';
import type { DashboardCounters, DashboardTimeStats, DashboardTimesBy, DashboardTimesRow } from '@atendo/contracts/dashboard';

/** A report's period: calendar dates (inclusive) read in the company's time zone. */
export interface DashboardPeriod {
  from: string;
  to: string;
  timeZone: string;
}

/** One ticket of the export, with its names. */
export interface TicketTimesExportRow {
  ticketId: number;
  contact: string;
  number: string;
  queue: string;
  agent: string;
  connection: string;
  openedAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  firstResponseMinutes: number | null;
  firstResponseBusinessMinutes: number | null;
  resolutionMinutes: number | null;
  resolutionBusinessMinutes: number | null;
  waitMinutes: number | null;
  waitBusinessMinutes: number | null;
  rating: number | null;
}

/** Minutes with one decimal (null stays null). */
export const oneDecimal = (value: number | string | null | undefined): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

/** The zones PostgreSQL knows, checked once each: a zone it does not know reads as UTC. */
const knownZones = new Map<string, boolean>();

/** The groupings of `times`: the ticket's column and the table its name is in. */
const GROUPS: Record<DashboardTimesBy, { column: string; table: string }> = {
  queue: { column: 'queue_id', table: 'queues' },
  user: { column: 'user_id', table: 'users' },
  whatsapp: { column: 'whatsapp_id', table: 'whatsapps' },
};

/**
 * What the dashboard reads, always within one company: the tickets opened in a period (`ticket_times`, by
 * `(company_id, opened_at)`), counted, averaged, grouped and exported. The period's bounds are the company's local
 * midnights, turned into instants by PostgreSQL.
 */
export class DashboardQueries {
  constructor(private readonly knex: Knex) {}

  /** The company's time zone (setting `timeZone`), one PostgreSQL knows. */
  async timeZone(companyId: number): Promise<string> {
    const row = (await this.knex('companies').where({ id: companyId }).first('settings')) as { settings: Record<string, string> | null } | undefined;
    const zone = row?.settings?.timeZone || SETTINGS.timeZone.default;
    if (!knownZones.has(zone)) {
      const { rows } = (await this.knex.raw('SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ?) AS known', [zone])) as { rows: Array<{ known: boolean }> };
      knownZones.set(zone, rows[0]?.known === true);
    }
    return knownZones.get(zone) ? zone : 'UTC';
  }

  /** The company's tickets opened within the period (as `t`). */
  private within(companyId: number, period: DashboardPeriod, alias = 't') {
    return this.knex({ [alias]: 'ticket_times' })
      .where(`${alias}.company_id`, companyId)
      .whereRaw(`${alias}.opened_at >= (?::date)::timestamp AT TIME ZONE ?`, [period.from, period.timeZone])
      .whereRaw(`${alias}.opened_at < ((?::date + 1))::timestamp AT TIME ZONE ?`, [period.to, period.timeZone]);
  }

  async counters(companyId: number, period: DashboardPeriod): Promise<DashboardCounters> {
    const [row, leads] = await Promise.all([
      this.within(companyId, period).first(
        this.knex.raw(`count(*) FILTER (WHERE t.status = 'open')::int AS happening`),
        this.knex.raw(`count(*) FILTER (WHERE t.status = 'pending')::int AS pending`),
        this.knex.raw(`count(*) FILTER (WHERE t.status = 'closed')::int AS finished`),
        this.knex.raw('avg(t.resolution_minutes) AS support'),
        this.knex.raw('avg(t.wait_minutes) AS wait'),
      ) as Promise<{ happening: number; pending: number; finished: number; support: string | null; wait: string | null }>,
      this.leads(companyId, period),
    ]);
    return {
      supportHappening: row.happening,
      supportPending: row.pending,
      supportFinished: row.finished,
      avgSupportTime: oneDecimal(row.support) ?? 0,
      avgWaitTime: oneDecimal(row.wait) ?? 0,
      leads,
    };
  }

  /** Leads: the contacts whose first ticket ever opened in the period (each contact of the period looked up once). */
  private async leads(companyId: number, period: DashboardPeriod): Promise<number> {
    const contacts = this.within(companyId, period).distinct('t.contact_id').as('c');
    const row = (await this.knex
      .from(contacts)
      .whereNotExists(
        this.knex('ticket_times as e')
          .where('e.company_id', companyId)
          .whereRaw('e.contact_id = c.contact_id')
          .whereRaw('e.opened_at < (?::date)::timestamp AT TIME ZONE ?', [period.from, period.timeZone])
          .select(this.knex.raw('1')),
      )
      .first(this.knex.raw('count(*)::int AS n'))) as { n: number };
    return row.n;
  }

  /** Every user of the company with their tickets of the period: how many, their average rating and resolution time. */
  async attendants(companyId: number, period: DashboardPeriod): Promise<Array<{ id: number; name: string; rating: number; avgSupportTime: number; tickets: number }>> {
    const per = this.within(companyId, period)
      .whereNotNull('t.user_id')
      .groupBy('t.user_id')
      .select('t.user_id', this.knex.raw('count(*)::int AS tickets'), this.knex.raw('avg(t.rating) AS rating'), this.knex.raw('avg(t.resolution_minutes) AS support'))
      .as('p');
    const rows = (await this.knex('users as u')
      .leftJoin(per, 'p.user_id', 'u.id')
      .where('u.company_id', companyId)
      .orderBy([{ column: 'u.name' }, { column: 'u.id' }])
      .select('u.id', 'u.name', 'p.tickets', 'p.rating', 'p.support')) as Array<{ id: string; name: string; tickets: number | null; rating: string | null; support: string | null }>;
    return rows.map((r) => ({ id: Number(r.id), name: r.name, rating: oneDecimal(r.rating) ?? 0, avgSupportTime: oneDecimal(r.support) ?? 0, tickets: r.tickets ?? 0 }));
  }

  /** Tickets of the period per agent (the seeds' `nome`, `quantidade`), most first; tickets nobody has are left out. */
  async ticketsPerUser(companyId: number, period: DashboardPeriod): Promise<Array<{ nome: string; quantidade: number }>> {
    const rows = (await this.within(companyId, period)
      .join('users as u', 'u.id', 't.user_id')
      .groupBy('u.id', 'u.name')
      .orderBy([{ column: 'quantidade', order: 'desc' }, { column: 'u.name' }])
      .select('u.name as nome', this.knex.raw('count(*)::int AS quantidade'))) as Array<{ nome: string; quantidade: number }>;
    return rows;
  }

  /** Tickets of the period per local day ('YYYY-MM-DD'), or per local hour ('HH') for a period of one day. */
  async ticketsPerDay(companyId: number, period: DashboardPeriod): Promise<Array<{ data: string; total: number }> | Array<{ horario: string; total: number }>> {
    const hourly = period.from === period.to;
    const bucket = this.knex.raw(`to_char(t.opened_at AT TIME ZONE ?, '${hourly ? 'HH24' : 'YYYY-MM-DD'}')`, [period.timeZone]);
    const rows = (await this.within(companyId, period)
      .select({ bucket }, this.knex.raw('count(*)::int AS total'))
      .groupByRaw('1')
      .orderByRaw('1')) as Array<{ bucket: string; total: number }>;
    return hourly ? rows.map((r) => ({ horario: r.bucket, total: r.total })) : rows.map((r) => ({ data: r.bucket, total: r.total }));
  }

  /** Medians and 90th percentiles of the period's times per queue, agent or connection (minutes, one decimal). */
  async times(companyId: number, period: DashboardPeriod, by: DashboardTimesBy): Promise<DashboardTimesRow[]> {
    const { column, table } = GROUPS[by];
    const stats = (name: string) =>
      ['minutes', 'business_minutes'].flatMap((kind) =>
        [0.5, 0.9].map((p) => this.knex.raw(`percentile_cont(${p}) WITHIN GROUP (ORDER BY t.${name}_${kind}) AS ${name}_${kind}_${p === 0.5 ? 'median' : 'p90'}`)),
      );
    const rows = (await this.within(companyId, period)
      .leftJoin(`${table} as g`, function () {
        this.on('g.id', '=', `t.${column}`).andOn('g.company_id', '=', 't.company_id');
      })
      .groupBy(`t.${column}`, 'g.name')
      .orderByRaw('g.name NULLS LAST, 1')
      .select({ id: `t.${column}`, name: 'g.name' }, this.knex.raw('count(*)::int AS tickets'), ...stats('first_response'), ...stats('resolution'), ...stats('wait'))) as Array<
      Record<string, string | number | null>
    >;
    const of = (r: Record<string, string | number | null>, name: string): DashboardTimeStats => ({
      median: oneDecimal(r[`${name}_minutes_median`]),
      p90: oneDecimal(r[`${name}_minutes_p90`]),
      businessMedian: oneDecimal(r[`${name}_business_minutes_median`]),
      businessP90: oneDecimal(r[`${name}_business_minutes_p90`]),
    });
    return rows.map((r) => ({
      id: r.id === null ? null : Number(r.id),
      name: r.id === null ? null : ((r.name as string | null) ?? null),
      tickets: Number(r.tickets),
      firstResponse: of(r, 'first_response'),
      resolution: of(r, 'resolution'),
      wait: of(r, 'wait'),
    }));
  }

  /**
   * Every ticket of the period, oldest first, with its names, a page at a time (keyset on opening and id): a year of
   * a busy company goes out without being held in memory.
   */
  async *exportRows(companyId: number, period: DashboardPeriod, chunk = 1_000): AsyncGenerator<TicketTimesExportRow> {
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      const query = this.within(companyId, period)
        .leftJoin('contacts as c', function () {
          this.on('c.id', '=', 't.contact_id').andOn('c.company_id', '=', 't.company_id');
        })
        .leftJoin('queues as q', function () {
          this.on('q.id', '=', 't.queue_id').andOn('q.company_id', '=', 't.company_id');
        })
        .leftJoin('users as u', function () {
          this.on('u.id', '=', 't.user_id').andOn('u.company_id', '=', 't.company_id');
        })
        .leftJoin('whatsapps as w', function () {
          this.on('w.id', '=', 't.whatsapp_id').andOn('w.company_id', '=', 't.company_id');
        })
        .orderBy([{ column: 't.opened_at' }, { column: 't.ticket_id' }])
        .limit(chunk)
        .select(
          't.ticket_id', 't.opened_at', 't.first_response_at', 't.resolved_at', 't.rating',
          't.first_response_minutes', 't.first_response_business_minutes', 't.resolution_minutes', 't.resolution_business_minutes', 't.wait_minutes', 't.wait_business_minutes',
          'c.name as contact', 'c.number', 'q.name as queue', 'u.name as agent', 'w.name as connection',
        );
      if (after) query.whereRaw('(t.opened_at, t.ticket_id) > (?, ?)', [after.at, after.id]);
      const rows = (await query) as Array<Record<string, unknown> & { ticket_id: string; opened_at: Date }>;
      for (const r of rows) {
        yield {
          ticketId: Number(r.ticket_id),
          contact: (r.contact as string | null) ?? '',
          number: (r.number as string | null) ?? '',
          queue: (r.queue as string | null) ?? '',
          agent: (r.agent as string | null) ?? '',
          connection: (r.connection as string | null) ?? '',
          openedAt: r.opened_at,
          firstResponseAt: (r.first_response_at as Date | null) ?? null,
          resolvedAt: (r.resolved_at as Date | null) ?? null,
          firstResponseMinutes: oneDecimal(r.first_response_minutes as number | null),
          firstResponseBusinessMinutes: oneDecimal(r.first_response_business_minutes as number | null),
          resolutionMinutes: oneDecimal(r.resolution_minutes as number | null),
          resolutionBusinessMinutes: oneDecimal(r.resolution_business_minutes as number | null),
          waitMinutes: oneDecimal(r.wait_minutes as number | null),
          waitBusinessMinutes: oneDecimal(r.wait_business_minutes as number | null),
          rating: (r.rating as number | null) ?? null,
        };
      }
      if (rows.length < chunk) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.opened_at, id: Number(last.ticket_id) };
    }
  }
}
