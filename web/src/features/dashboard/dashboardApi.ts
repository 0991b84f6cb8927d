import { api } from '../../api/client';
import { chartQuery, periodDays, periodQuery, type DashboardPeriod } from './period';

/** The counters of a period (minutes for the times; null when the period has none to average). */
export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
}

export interface DashboardAttendant {
  id: number;
  name: string;
  /** The average of the ratings its tickets got, 0 to 3 (spec §9). */
  rating: number | null;
  avgSupportTime: number | null;
  online: boolean;
  tickets: number;
}

export interface DashboardSummary {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
  /** The counters of the period of the same length just before. */
  previous: DashboardCounters;
}

export interface TicketsPerUser {
  data: { nome: string | null; quantidade: number }[];
  count: number;
}

/** Per day (`data`: YYYY-MM-DD), or per hour (`horario`: HH) when the period is one day. */
export interface TicketsPerDay {
  data: ({ data: string; total: number } | { horario: string; total: number })[];
  count: number;
}

/** Minutes, null when no ticket of the group has the time. */
export interface TimeFigures {
  median: number | null;
  p90: number | null;
  businessMedian: number | null;
  businessP90: number | null;
}

export type TimesGrouping = 'queue' | 'user' | 'whatsapp';

export interface TimesRow {
  id: number | null;
  name: string | null;
  tickets: number;
  firstResponse: TimeFigures;
  resolution: TimeFigures;
  wait: TimeFigures;
}

export type ExportFormat = 'csv' | 'xlsx';

/** The export's path with its period: a file served only with the token, so fetched through the API client. */
export function exportPath(format: ExportFormat, period: DashboardPeriod): string {
  const query = new URLSearchParams(Object.entries(periodQuery(period)).map(([key, value]) => [key, String(value)]));
  return `/dashboard/export.${format}?${query.toString()}`;
}

/** The name the saved file gets, as the server's Content-Disposition gives it. */
export function exportName(format: ExportFormat, period: DashboardPeriod, today = new Date()): string {
  const { from, to } = periodDays(period, today);
  return `tickets-${from}-${to}.${format}`;
}

export const dashboardApi = {
  summary: (period: DashboardPeriod) => api.get<DashboardSummary>('/dashboard', periodQuery(period)),
  ticketsPerUser: (period: DashboardPeriod) => api.get<TicketsPerUser>('/dashboard/ticketsUsers', chartQuery(period)),
  ticketsPerDay: (period: DashboardPeriod) => api.get<TicketsPerDay>('/dashboard/ticketsDay', chartQuery(period)),
  times: (period: DashboardPeriod, by: TimesGrouping) => api.get<{ rows: TimesRow[] }>('/dashboard/times', { ...periodQuery(period), by }),
  export: (format: ExportFormat, period: DashboardPeriod) => api.blob(exportPath(format, period)),
};
