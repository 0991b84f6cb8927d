/**
 * A clock for the jobs role that runs with real time but can be moved ahead (or set to an offset) by a test: timers,
 * schedules, the storage collector and the invoice issuer read it as their `clock`.
 */
export function movableClock(): { now: () => Date; set(offsetMs: number): void; advance(ms: number): void } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set: (offset) => {
      offsetMs = offset;
    },
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}
