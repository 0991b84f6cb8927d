import type { DashboardAnswer, DashboardTimes, DashboardTimesBy, TicketsPerDay, TicketsPerUser } from '@atendo/contracts/dashboard';
import { api } from '../../api/client';
import { chartQuery, periodDays, periodQuery, type DashboardPeriod } from './period';

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
  summary: (period: DashboardPeriod) => api.get<DashboardAnswer>('/dashboard', periodQuery(period)),
  ticketsPerUser: (period: DashboardPeriod) => api.get<TicketsPerUser>('/dashboard/ticketsUsers', chartQuery(period)),
  ticketsPerDay: (period: DashboardPeriod) => api.get<TicketsPerDay>('/dashboard/ticketsDay', chartQuery(period)),
  times: (period: DashboardPeriod, by: DashboardTimesBy) => api.get<DashboardTimes>('/dashboard/times', { ...periodQuery(period), by }),
  export: (format: ExportFormat, period: DashboardPeriod) => api.blob(exportPath(format, period)),
};
