import type { Knex } from 'knex';
import { START, type Position } from '@atendo/contracts';
import type { EventStore } from '@atendo/core';
import type { Projection } from './projection.js';

async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<void> {
  await trx.raw('INSERT INTO projection_checkpoints (name) VALUES (?) ON CONFLICT (name) DO NOTHING', [name]);
  await trx('projection_checkpoints').where({ name }).forUpdate().first();
}

function readsType(projection: Projection): (type: string) => boolean {
  if (projection.eventTypes === '*') return () => true;
  const types = new Set(projection.eventTypes);
  return (type) => types.has(type);
}

export interface RebuildProgress {
  events: number;
  position: Position;
}

/**
 * Rebuilds a read model from the first event, in one transaction: readers keep the old rows until it commits,
 * and the live projector waits on the checkpoint lock, then carries on from where the rebuild stopped.
 */
export async function rebuildProjection(options: {
  store: EventStore;
  knex: Knex;
  projection: Projection;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<RebuildProgress> {
  const { store, knex, projection } = options;
  const reads = readsType(projection);
  const batchSize = options.batchSize ?? 2000;
  return knex.transaction(async (trx) => {
    await lockCheckpoint(trx, projection.name);
    if (projection.tables.length > 0) {
      await trx.raw(`TRUNCATE ${projection.tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY`);
    }
    let position = START;
    let events = 0;
    for (;;) {
      const batch = await store.readAll({ after: position, maxCount: batchSize });
      if (batch.length === 0) break;
      const relevant = batch.filter((e) => reads(e.type));
      if (relevant.length > 0) await projection.apply(relevant, { trx, emit: () => undefined, rebuilding: true });
      position = batch[batch.length - 1]!.position;
      events += relevant.length;
      options.onProgress?.({ events, position });
    }
    await trx('projection_checkpoints')
      .where({ name: projection.name })
      .update({ commit_position: position.commit, prepare_position: position.prepare, events_handled: events, updated_at: trx.fn.now() });
    return { events, position };
  });
}

