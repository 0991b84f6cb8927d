import type { Knex } from 'knex';
import type { FeedDraft, Position } from '@atendo/contracts';
import type { EventStore } from '@atendo/platform';
import { appendFeedEntries } from '../feed/feedStore.js';
import type { Projection } from './projection.js';
import { lockCheckpoint } from './projector.js';

/** An event a projection skipped because applying it kept failing. */
export interface DeadLetter {
  projection: string;
  eventId: string;
  streamId: string;
  streamPosition: number;
  eventType: string;
  position: Position;
  error: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
}

interface DeadLetterRow {
  projection: string;
  event_id: string;
  stream_id: string;
  stream_position: number;
  event_type: string;
  commit_position: number;
  prepare_position: number;
  error: string;
  attempts: number;
  first_failed_at: Date;
  last_failed_at: Date;
}

function toDeadLetter(r: DeadLetterRow): DeadLetter {
  return {
    projection: r.projection,
    eventId: r.event_id,
    streamId: r.stream_id,
    streamPosition: Number(r.stream_position),
    eventType: r.event_type,
    position: { commit: Number(r.commit_position), prepare: Number(r.prepare_position) },
    error: r.error,
    attempts: r.attempts,
    firstFailedAt: r.first_failed_at,
    lastFailedAt: r.last_failed_at,
  };
}

/** Dead letters, newest failure first. */
export async function listDeadLetters(knex: Knex, options: { projection?: string; limit?: number } = {}): Promise<DeadLetter[]> {
  const query = knex('projection_dead_letters').orderBy([{ column: 'last_failed_at', order: 'desc' }, { column: 'commit_position', order: 'desc' }, { column: 'prepare_position', order: 'desc' }]);
  if (options.projection) query.where({ projection: options.projection });
  if (options.limit !== undefined) query.limit(options.limit);
  return ((await query) as DeadLetterRow[]).map(toDeadLetter);
}

export interface RetryOutcome {
  deadLetter: DeadLetter;
  /** applied: the row is gone; failed: still there with the new error; skipped: nothing could be tried. */
  result: 'applied' | 'failed' | 'skipped';
  error?: string;
}

/**
 * Applies dead-lettered events again, oldest first, after a fix: each in its own transaction with the
 * projection's apply, serialized with the live projector by its checkpoint lock. Success removes the row;
 * failure stores the new error and counts the attempt. The event is applied after events that came later in
 * the log: a read model where that order matters is rebuilt instead.
 */
export async function retryDeadLetters(options: {
  store: EventStore;
  knex: Knex;
  projections: Projection[];
  projection?: string;
}): Promise<RetryOutcome[]> {
  const { store, knex } = options;
  const query = knex('projection_dead_letters').orderBy(['commit_position', 'prepare_position']);
  if (options.projection) query.where({ projection: options.projection });
  const outcomes: RetryOutcome[] = [];
  for (const deadLetter of ((await query) as DeadLetterRow[]).map(toDeadLetter)) {
    const projection = options.projections.find((p) => p.name === deadLetter.projection);
    if (!projection) {
      outcomes.push({ deadLetter, result: 'skipped', error: `no projection named "${deadLetter.projection}" in this version` });
      continue;
    }
    const [event] = await store.readStream(deadLetter.streamId, { fromRevision: deadLetter.streamPosition, maxCount: 1 });
    if (!event || event.id !== deadLetter.eventId) {
      outcomes.push({ deadLetter, result: 'skipped', error: 'the event is no longer in the log' });
      continue;
    }
    const key = { projection: deadLetter.projection, event_id: deadLetter.eventId };
    try {
      await knex.transaction(async (trx) => {
        await lockCheckpoint(trx, projection.name);
        const drafts: FeedDraft[] = [];
        await projection.apply([event], { trx, emit: (d) => drafts.push(d), rebuilding: false });
        await appendFeedEntries(trx, drafts);
        await trx('projection_dead_letters').where(key).delete();
      });
      outcomes.push({ deadLetter, result: 'applied' });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await knex('projection_dead_letters')
        .where(key)
        .update({ error, attempts: knex.raw('attempts + 1'), last_failed_at: knex.fn.now() });
      outcomes.push({ deadLetter, result: 'failed', error });
    }
  }
  return outcomes;
}
