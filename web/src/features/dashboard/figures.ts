import type { TFunction } from 'i18next';

/** Which way a counter should move: up for tickets finished, down for the times (a shorter wait is better). */
export type Better = 'higher' | 'lower' | 'neither';

export interface Trend {
  /** 'new': nothing to compare with (the previous period had none); 'none': one of the two is unknown. */
  direction: 'up' | 'down' | 'same' | 'new' | 'none';
  /** The change in whole percent of the previous value, when there is one. */
  percent: number | null;
  tone: 'good' | 'bad' | 'neutral';
}

/** How `current` compares with `previous`, and whether that is good news. */
export function trendOf(current: number | null, previous: number | null, better: Better): Trend {
  if (current === null || previous === null) return { direction: 'none', percent: null, tone: 'neutral' };
  if (current === previous) return { direction: 'same', percent: 0, tone: 'neutral' };
  if (previous === 0) return { direction: 'new', percent: null, tone: 'neutral' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  const direction = current > previous ? 'up' : 'down';
  if (better === 'neither') return { direction, percent, tone: 'neutral' };
  const good = (direction === 'up') === (better === 'higher');
  return { direction, percent, tone: good ? 'good' : 'bad' };
}

/** A number in the reader's language (decimal comma in pt and es). */
export function formatNumber(value: number, language: string, decimals = 0): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: decimals, minimumFractionDigits: 0 }).format(value);
}

/** Minutes as a person reads them: "12.5 min" under an hour, "3 h 20 min" under a day, "2 d 4 h" beyond. */
export function formatMinutes(minutes: number | null, t: TFunction, language: string): string {
  if (minutes === null || !Number.isFinite(minutes)) return t('dashboard.noValue');
  if (minutes < 60) return t('dashboard.minutes', { value: formatNumber(minutes, language, 1) });
  const whole = Math.round(minutes);
  if (whole < 1440) return t('dashboard.hours', { hours: Math.floor(whole / 60), minutes: whole % 60 });
  return t('dashboard.days', { days: Math.floor(whole / 1440), hours: Math.floor((whole % 1440) / 60) });
}
