import type { Harness } from './harness.js';

const count = async (h: Harness, sql: string) => Number(((await h.atendo.knex.raw(sql)) as { rows: Array<{ n: string }> }).rows[0]!.n);

/** How many events the log holds: a request that is refused must not add one. */
export const eventCount = (h: Harness) => count(h, 'SELECT count(*) AS n FROM events');

/** How many events users' requests wrote (the channels' own, such as acks arriving, go on in the background). */
export const userEventCount = (h: Harness) => count(h, `SELECT count(*) AS n FROM events WHERE metadata->'actor'->>'type' = 'user'`);
