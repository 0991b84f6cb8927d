import type { CampaignTimelinePoint } from '@atendo/contracts';

const MINUTE = 60_000;
/** More minutes than this are grouped, so each bar stays wide enough to see. */
export const MAX_BARS = 60;

export interface Bar {
  /** The first minute of the bar (ISO). */
  at: string;
  delivered: number;
  failed: number;
}

/**
 * The report's minutes as bars: every minute from the first to the last (a quiet minute is a bar of zero), grouped
 * into buckets of several minutes when there are more than MAX_BARS of them.
 */
export function timelineBars(points: CampaignTimelinePoint[]): { bars: Bar[]; minutesPerBar: number } {
  if (points.length === 0) return { bars: [], minutesPerBar: 1 };
  const times = points.map((p) => Math.floor(Date.parse(p.at) / MINUTE) * MINUTE);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const minutes = (last - first) / MINUTE + 1;
  const minutesPerBar = Math.max(1, Math.ceil(minutes / MAX_BARS));
  const count = Math.ceil(minutes / minutesPerBar);
  const bars: Bar[] = Array.from({ length: count }, (_, i) => ({ at: new Date(first + i * minutesPerBar * MINUTE).toISOString(), delivered: 0, failed: 0 }));
  points.forEach((p, i) => {
    const bar = bars[Math.floor((times[i]! - first) / MINUTE / minutesPerBar)]!;
    bar.delivered += p.delivered;
    bar.failed += p.failed;
  });
  return { bars, minutesPerBar };
}

/** Round steps for the vertical axis: 0 and about four more up to at least `max`. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(Math.max(0, Math.round(v)));
  return [...new Set(ticks)];
}
