import type { DashboardPeriodDays } from '@atendo/contracts/dashboard';

/** What the dashboard shows: the last few days, or the days from one date to another (YYYY-MM-DD, both included). */
export type DashboardPeriod = { days: DashboardPeriodDays } | { from: string; to: string };

/** The filter's fields as the user left them: a period ('' for none) and a date range (either may be empty). */
export interface FilterValues {
  days: DashboardPeriodDays | '';
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(y, m - 1, d + days));
}

/** Spec §2: the filter starts on today alone. */
export function initialFilter(today = new Date()): FilterValues {
  const day = isoDay(today);
  return { days: '', from: day, to: day };
}

/** The period the filter's fields name, or null when they name none (no period and a date missing, or backwards). */
export function periodOf(values: FilterValues): DashboardPeriod | null {
  if (values.days !== '') return { days: values.days };
  if (!values.from || !values.to || values.from > values.to) return null;
  return { from: values.from, to: values.to };
}

/** The first and last day of a period (the last `days` days end today). */
export function periodDays(period: DashboardPeriod, today = new Date()): { from: string; to: string } {
  if ('from' in period) return period;
  const to = isoDay(today);
  return { from: addDays(to, 1 - period.days), to };
}

/** Whether the period is a single day: its chart counts tickets per hour. */
export function isOneDay(period: DashboardPeriod): boolean {
  return 'from' in period && period.from === period.to;
}

/** The period as the dashboard's routes take it: `days`, or `date_from` and `date_to`. */
export function periodQuery(period: DashboardPeriod): Record<string, string | number> {
  return 'days' in period ? { days: period.days } : { date_from: period.from, date_to: period.to };
}

/** The period as the charts' routes (the seeds' shape) take it. */
export function chartQuery(period: DashboardPeriod, today = new Date()): Record<string, string> {
  const { from, to } = periodDays(period, today);
  return { initialDate: from, finalDate: to };
}
