import type { Knex } from 'knex';
import type { TimerKind } from '@atendo/contracts';
import type { TimerKey } from './timersProjection.js';

/** A due timer with what firing it needs: its ticket's company and connection. */
export interface DueTimer extends TimerKey {
  companyId: number;
  whatsappId: number | null;
}

export class TimerQueries {
  constructor(private readonly knex: Knex) {}

  /** Timers due at `now`, earliest first. */
  async due(now: Date, limit: number): Promise<DueTimer[]> {
    const rows = await this.knex('timers as t')
      .leftJoin('tickets as k', 'k.id', 't.ticket_id')
      .where('t.due_at', '<=', now)
      .orderBy('t.due_at')
      .limit(limit)
      .select('t.stream_id', 't.ticket_id', 't.kind', 't.company_id', 't.due_at', 'k.whatsapp_id');
    return rows.map((r) => ({
      streamId: r.stream_id as string,
      ticketId: Number(r.ticket_id),
      kind: r.kind as TimerKind,
      companyId: Number(r.company_id),
      dueAt: new Date(r.due_at).toISOString(),
      whatsappId: r.whatsapp_id === null ? null : Number(r.whatsapp_id),
    }));
  }

  /** When the next timer falls due (null: none armed). */
  async next(): Promise<Date | null> {
    const row = await this.knex('timers').min('due_at as at').first();
    return row?.at ? new Date(row.at) : null;
  }

  async count(): Promise<number> {
    const row = await this.knex('timers').count<{ n: string }[]>('* as n').first();
    return Number(row?.n ?? 0);
  }
}
