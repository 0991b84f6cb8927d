import type { Knex } from 'knex';
import type { Position } from '@atendo/contracts';
import type { EventStore } from '@atendo/platform';
import type { ProjectorStatus } from './projector.js';

/** One read model as any process sees it: from projection_checkpoints, the dead letters and the log's head. */
export interface ProjectionStatus {
  name: string;
  /** 'not started': no projector has run it yet on this database. */
  state: ProjectorStatus | 'not started';
  position: Position | null;
  eventsHandled: number;
  updatedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  deadLetters: number;
  /** Seconds since the oldest event it has not handled was recorded; 0 when it has handled the whole log. */
  lagSeconds: number;
}

interface StatusRow {
  name: string;
  commit_position: number;
  prepare_position: number;
  events_handled: number;
  updated_at: Date;
  state: ProjectorStatus;
  last_error: string | null;
  last_error_at: Date | null;
  dead_letters: string | number;
}

/** Cheap enough for /health: one query over the checkpoints, and one read of one event per distinct position. */
export async function projectionStatus(knex: Knex, store: EventStore, names: string[]): Promise<ProjectionStatus[]> {
  const rows = (await knex('projection_checkpoints as c')
    .whereIn('c.name', names)
    .select('c.*', knex.raw('(SELECT count(*) FROM projection_dead_letters d WHERE d.projection = c.name) AS dead_letters'))) as StatusRow[];
  const byName = new Map(rows.map((r) => [r.name, r]));
  const positions = names.map((name) => {
    const r = byName.get(name);
    return r ? { commit: Number(r.commit_position), prepare: Number(r.prepare_position) } : null;
  });
  // Projectors of one group usually share a position: read the oldest unhandled event once per position.
  const oldest = new Map<string, Promise<Date | undefined>>();
  const oldestAfter = (position: Position | null) => {
    const key = position ? `${position.commit}:${position.prepare}` : 'start';
    if (!oldest.has(key)) oldest.set(key, store.readAll({ after: position ?? undefined, maxCount: 1 }).then(([e]) => e?.recordedAt));
    return oldest.get(key)!;
  };
  const now = Date.now();
  return Promise.all(
    names.map(async (name, i) => {
      const r = byName.get(name);
      const recordedAt = await oldestAfter(positions[i]!);
      return {
        name,
        state: r?.state ?? 'not started',
        position: positions[i]!,
        eventsHandled: Number(r?.events_handled ?? 0),
        updatedAt: r?.updated_at ?? null,
        lastError: r?.last_error ?? null,
        lastErrorAt: r?.last_error_at ?? null,
        deadLetters: Number(r?.dead_letters ?? 0),
        lagSeconds: recordedAt ? Math.max(0, Math.round((now - recordedAt.getTime()) / 100) / 10) : 0,
      };
    }),
  );
}

