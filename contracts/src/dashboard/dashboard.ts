import { yup } from '../validation.js';

/** The periods the dashboard's filter offers (spec: last 3, 7, 15, 30, 60 or 90 days). */
export const DASHBOARD_PERIOD_DAYS = [3, 7, 15, 30, 60, 90] as const;
export type DashboardPeriodDays = (typeof DASHBOARD_PERIOD_DAYS)[number];

/** The longest date range a report takes (a year, and a leap day). */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

/** The best rating a customer gives (spec: rating scale max 3). */
export const DASHBOARD_RATING_MAX = 3;

const isCalendarDate = (v: string | undefined) => {
  if (v === undefined) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A calendar date, YYYY-MM-DD, read in the company's time zone. */
const calendarDate = () =>
  yup
    .string()
    .trim()
    .transform((v: string) => (v === '' ? undefined : v))
    .test('date', 'validation.invalid', isCalendarDate);

/**
 * The period of every dashboard route: `days` (the last 3, 7, 15, 30, 60 or 90 days, today included) or `date_from`
 * and `date_to` (inclusive). One of the two is required: the route answers 400 ERR_VALIDATION naming `days` without either.
 */
export const dashboardPeriodQuerySchema = yup.object({
  days: yup
    .number()
    .transform((v: number, raw: unknown) => (raw === '' ? undefined : v))
    .typeError('validation.integer')
    .oneOf([...DASHBOARD_PERIOD_DAYS, undefined], 'validation.oneOf'),
  date_from: calendarDate(),
  date_to: calendarDate(),
});

/** How `GET /dashboard/times` groups the tickets. */
export const DASHBOARD_TIMES_BY = ['queue', 'user', 'whatsapp'] as const;
export type DashboardTimesBy = (typeof DASHBOARD_TIMES_BY)[number];

export const dashboardTimesQuerySchema = dashboardPeriodQuerySchema.shape({
  by: yup.string().oneOf([...DASHBOARD_TIMES_BY], 'validation.oneOf').default('queue'),
});

/** The seeds' chart routes: `initialDate` and `finalDate` (YYYY-MM-DD, inclusive); `companyId` is taken and ignored. */
export const dashboardChartQuerySchema = yup.object({
  initialDate: calendarDate().required('validation.required'),
  finalDate: calendarDate().required('validation.required'),
  companyId: yup.string().max(20, 'validation.tooLong'),
});

/** The counters of a period (minutes with one decimal; tickets opened in the period, by where they are now). */
export interface DashboardCounters {
  /** Open: an agent has them. */
  supportHappening: number;
  /** Waiting in a queue (or with the bot) for an agent. */
  supportPending: number;
  /** Resolved. */
  supportFinished: number;
  /** The average minutes from opening to resolution of the resolved ones. */
  avgSupportTime: number;
  /** The average minutes from opening to the first agent's acceptance. */
  avgWaitTime: number;
  /** New contacts of the period. */
  leads: number;
}

/** One of the company's users in the attendants table. */
export interface DashboardAttendant {
  id: number;
  name: string;
  /** The average rating of their rated tickets of the period, 0 to 3 (0: none rated). */
  rating: number;
  avgSupportTime: number;
  online: boolean;
  tickets: number;
}

/** `GET /dashboard`. */
export interface DashboardAnswer {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
  /** The counters of the period of the same length just before. */
  previous: { counters: DashboardCounters };
}

/** `GET /dashboard/ticketsUsers` (the seeds' names). */
export interface TicketsPerUser {
  data: Array<{ nome: string; quantidade: number }>;
  count: number;
}

/** `GET /dashboard/ticketsDay`: per day, or per hour (`horario`, 'HH') when the period is one day. */
export interface TicketsPerDay {
  data: Array<{ data: string; total: number }> | Array<{ horario: string; total: number }>;
  count: number;
}

/** Medians and 90th percentiles of a time, in wall-clock and business minutes (null: no ticket has it). */
export interface DashboardTimeStats {
  median: number | null;
  p90: number | null;
  businessMedian: number | null;
  businessP90: number | null;
}

/** One queue, agent or connection (id and name null: tickets without one). */
export interface DashboardTimesRow {
  id: number | null;
  name: string | null;
  tickets: number;
  firstResponse: DashboardTimeStats;
  resolution: DashboardTimeStats;
  wait: DashboardTimeStats;
}

/** `GET /dashboard/times`. */
export interface DashboardTimes {
  rows: DashboardTimesRow[];
}

/** The columns of the per-ticket export, in order (CSV and XLSX). */
export const DASHBOARD_EXPORT_COLUMNS = [
  'ticketId',
  'contact',
  'number',
  'queue',
  'agent',
  'connection',
  'openedAt',
  'firstResponseAt',
  'resolvedAt',
  'firstResponseMinutes',
  'firstResponseBusinessMinutes',
  'resolutionMinutes',
  'resolutionBusinessMinutes',
  'waitMinutes',
  'waitBusinessMinutes',
  'rating',
] as const;
