import { sqlMigration, type Migration } from '@atendo/platform';
import type { TimerEvent, TimerKind } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';

export const timersMigrations: Migration[] = [
  // The armed deadlines, by due time: what the jobs role fires. A row is the latest `TimerArmed` of its ticket and kind.
  sqlMigration(
    '202611271000_timers',
    `
        CREATE TABLE timers (
          stream_id text NOT NULL, ticket_id bigint NOT NULL, kind text NOT NULL, company_id bigint NOT NULL,
          due_at timestamptz NOT NULL,
          PRIMARY KEY (stream_id, ticket_id, kind)
        );
        CREATE INDEX timers_due ON timers (due_at);
      `,
    'DROP TABLE timers',
  ),
];

type Change = { streamId: string; ticketId: number; kind: TimerKind; companyId: number; dueAt: string; armed: boolean };

/**
 * Armed timers (contracts/src/timers): `TimerArmed` sets its ticket's row of that kind, `TimerFired` takes it away.
 * A timer whose rule stopped applying (the customer answered, the ticket closed) stays until it falls due, so an
 * inbound message costs this table nothing: the jobs role then learns from the decider that it does nothing. The
 * jobs role drops each row it handled (fired or moot) with `dropTimers`, which only takes a row that still has the
 * due time it handled. A batch is folded to one change per row and written in two statements.
 */
export const timersProjection: Projection = {
  name: 'timers',
  tables: ['timers'],
  eventTypes: ['TimerArmed', 'TimerFired'] satisfies Array<TimerEvent['type']>,
  rowsPerStream: true,
  async apply(events, { trx }) {
    const changes = new Map<string, Change>();
    for (const event of events) {
      const data = event.data as TimerEvent['data'];
      const key = `${event.streamId}\u0000${data.ticketId}\u0000${data.kind}`;
      changes.set(key, { streamId: event.streamId, ticketId: data.ticketId, kind: data.kind, companyId: event.metadata.companyId, dueAt: data.dueAt, armed: event.type === 'TimerArmed' });
    }
    const armed = [...changes.values()].filter((c) => c.armed);
    const fired = [...changes.values()].filter((c) => !c.armed);
    if (armed.length) {
      await trx.raw(
        `INSERT INTO timers (stream_id, ticket_id, kind, company_id, due_at)
         SELECT * FROM unnest(?::text[], ?::bigint[], ?::text[], ?::bigint[], ?::timestamptz[])
         ON CONFLICT (stream_id, ticket_id, kind) DO UPDATE SET due_at = excluded.due_at, company_id = excluded.company_id`,
        [armed.map((c) => c.streamId), armed.map((c) => c.ticketId), armed.map((c) => c.kind), armed.map((c) => c.companyId), armed.map((c) => c.dueAt)],
      );
    }
    if (fired.length) await dropTimers(trx, fired);
  },
};

export interface TimerKey {
  streamId: string;
  ticketId: number;
  kind: TimerKind;
  dueAt: string;
}

/** Removes these timers, each only while it still has that due time (one armed again since stays). */
export async function dropTimers(knex: { raw: (sql: string, bindings: unknown[]) => Promise<unknown> }, keys: TimerKey[]): Promise<void> {
  if (!keys.length) return;
  await knex.raw(
    `DELETE FROM timers t USING unnest(?::text[], ?::bigint[], ?::text[], ?::timestamptz[]) AS g(stream_id, ticket_id, kind, due_at)
     WHERE t.stream_id = g.stream_id AND t.ticket_id = g.ticket_id AND t.kind = g.kind AND t.due_at = g.due_at`,
    [keys.map((k) => k.streamId), keys.map((k) => k.ticketId), keys.map((k) => k.kind), keys.map((k) => k.dueAt)],
  );
}
