import { describe, expect, it } from 'vitest';
import { axisTicks, MAX_BARS, timelineBars } from './timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute)).toISOString();

describe('report timeline', () => {
  it('has a bar for every minute from the first to the last, quiet ones at zero', () => {
    const { bars, minutesPerBar } = timelineBars([
      { at: at(3), delivered: 2, failed: 1 },
      { at: at(0), delivered: 1, failed: 0 },
    ]);
    expect(minutesPerBar).toBe(1);
    expect(bars.map((b) => [b.at, b.delivered, b.failed])).toEqual([
      [at(0), 1, 0],
      [at(1), 0, 0],
      [at(2), 0, 0],
      [at(3), 2, 1],
    ]);
  });

  it('groups a long campaign into at most MAX_BARS bars, keeping every message', () => {
    const points = Array.from({ length: 180 }, (_, i) => ({ at: new Date(Date.UTC(2026, 4, 1, 12, i)).toISOString(), delivered: 1, failed: i % 2 }));
    const { bars, minutesPerBar } = timelineBars(points);
    expect(minutesPerBar).toBe(3);
    expect(bars.length).toBeLessThanOrEqual(MAX_BARS);
    expect(bars.reduce((n, b) => n + b.delivered, 0)).toBe(180);
    expect(bars.reduce((n, b) => n + b.failed, 0)).toBe(90);
  });

  it('gives round axis steps reaching the highest bar', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(12)).toEqual([0, 5, 10, 15]);
  });
});
