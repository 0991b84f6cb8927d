/**
 * The engine's random numbers are a function of a key, so that a decision made again on the same state (after an
 * append conflict, or in a test) draws the same numbers. The key names the draw: the execution, how many blocks it
 * had entered, its next wait, the block and the draw's rank within the block's run (see `drawKey`).
 */

/** FNV-1a, 32 bits: a short key spread over the seed space. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small generator whose numbers are evenly spread in [0, 1) for any 32-bit seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The number in [0, 1) a key draws. */
export const randomOf = (key: string): number => mulberry32(hash(key))();

/** One block run's `random()`: successive draws under one key, each answered by `source`. */
export function drawsFor(key: string, source: (key: string) => number = randomOf): () => number {
  let rank = 0;
  return () => source(`${key}#${rank++}`);
}
