import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { InferType } from 'yup';
import {
  DASHBOARD_EXPORT_COLUMNS,
  DASHBOARD_MAX_RANGE_DAYS,
  dashboardChartQuerySchema,
  dashboardPeriodQuerySchema,
  dashboardTimesQuerySchema,
  type DashboardAnswer,
  type DashboardTimes,
  type DashboardTimesBy,
  type TicketsPerDay,
  type TicketsPerUser,
} from '@atendo/contracts/dashboard';
import { AppError } from '@atendo/platform';
import { DashboardQueries, type DashboardPeriod, type TicketTimesExportRow } from '@atendo/read/dashboard';
import { route, type RouteSpec } from '../http/routeTable.js';
import { Presence } from '../users/presence.js';

export interface DashboardRouteDeps {
  knex: Knex;
  /** What time it is (which day "today" is in the company's zone). */
  clock?: () => Date;
}

type PeriodQuery = InferType<typeof dashboardPeriodQuerySchema>;
type ChartQuery = InferType<typeof dashboardChartQuerySchema>;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Today's date in `timeZone`. */
function today(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const invalid = (path: string, message: string, text: string) => new AppError('ERR_VALIDATION', 400, text, [{ path, message }]);

/** A date range as given: both ends, the end not before the start, at most DASHBOARD_MAX_RANGE_DAYS days. */
function range(from: string | undefined, to: string | undefined, names: [string, string], timeZone: string): DashboardPeriod {
  if (from === undefined) throw invalid(names[0], 'validation.required', `${names[0]} is required`);
  if (to === undefined) throw invalid(names[1], 'validation.required', `${names[1]} is required`);
  if (dayNumber(to) < dayNumber(from)) throw invalid(names[1], 'validation.invalid', `${names[1]} is before ${names[0]}`);
  if (dayNumber(to) - dayNumber(from) + 1 > DASHBOARD_MAX_RANGE_DAYS) throw invalid(names[1], 'validation.max', `A period is at most ${DASHBOARD_MAX_RANGE_DAYS} days`);
  return { from, to, timeZone };
}

/**
 * The period a dashboard route asks for: the last `days` days (today, in the company's zone, the last of them), or
 * `date_from` to `date_to`. Neither: 400 naming `days` (the console's "select a filter").
 */
function periodOf(query: PeriodQuery, timeZone: string, now: Date): DashboardPeriod {
  if (query.days !== undefined) {
    const to = today(now, timeZone);
    return { from: dateOf(dayNumber(to) - query.days + 1), to, timeZone };
  }
  if (query.date_from === undefined && query.date_to === undefined) throw invalid('days', 'validation.required', 'A period is required: days, or date_from and date_to');
  return range(query.date_from, query.date_to, ['date_from', 'date_to'], timeZone);
}

/** The period of the same length just before. */
function previousOf(period: DashboardPeriod): DashboardPeriod {
  const length = dayNumber(period.to) - dayNumber(period.from) + 1;
  return { from: dateOf(dayNumber(period.from) - length), to: dateOf(dayNumber(period.from) - 1), timeZone: period.timeZone };
}

/** A CSV field: quoted when it holds the separator, a quote or a line break; a leading = + - @ cannot start a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An export row's cells in DASHBOARD_EXPORT_COLUMNS' order (instants in ISO, empty when unknown). */
function cells(row: TicketTimesExportRow): Array<string | number | null> {
  return DASHBOARD_EXPORT_COLUMNS.map((column) => {
    const value = row[column];
    return value instanceof Date ? value.toISOString() : value;
  });
}

/** Waits while the client reads slowly; false when it went away. */
async function drained(out: Writable): Promise<boolean> {
  if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/**
 * The dashboard (spec §2 Dashboard, issue 35; decision 0052): counters and attendants, the seeds' two charts, the
 * times per queue, agent or connection, and the per-ticket export, all of the caller's company and the admins'.
 */
export function dashboardRoutes({ knex, clock = () => new Date() }: DashboardRouteDeps): RouteSpec[] {
  const gate = { feature: 'dashboard', permission: 'dashboard:view' } as const;
  const dashboard = new DashboardQueries(knex);
  const presence = new Presence(knex);
  const period = async (companyId: number, query: PeriodQuery) => periodOf(query, await dashboard.timeZone(companyId), clock());
  const chartPeriod = async (companyId: number, query: ChartQuery) => range(query.initialDate, query.finalDate, ['initialDate', 'finalDate'], await dashboard.timeZone(companyId));
  /** The seeds' chart routes: initialDate and finalDate in the company's dates, an answer of `{ data, count }`. */
  const chartRoute = <A>(path: string, summary: string, answer: (companyId: number, period: Awaited<ReturnType<typeof chartPeriod>>) => Promise<A>) =>
    route<object, ChartQuery>({
      ...gate,
      method: 'get',
      path,
      summary,
      query: dashboardChartQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        res.json(await answer(viewer.companyId, await chartPeriod(viewer.companyId, query)));
      },
    });
  const exportName = (p: DashboardPeriod, extension: string) => `attachment; filename="tickets-${p.from}-${p.to}.${extension}"`;
  /** A streamed export of the period's tickets: the headers, then `write` sends the rows as it reads them. */
  const exportRoute = (extension: string, contentType: string, summary: string, write: (res: Response, rows: AsyncIterable<TicketTimesExportRow>) => Promise<void>) =>
    route<object, PeriodQuery>({
      ...gate,
      method: 'get',
      path: `/dashboard/export.${extension}`,
      summary,
      query: dashboardPeriodQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        const p = await period(viewer.companyId, query);
        res.status(200);
        res.setHeader('content-type', contentType);
        res.setHeader('content-disposition', exportName(p, extension));
        await write(res, dashboard.exportRows(viewer.companyId, p));
      },
    });

  return [
    route<object, PeriodQuery>({
      ...gate,
      method: 'get',
      path: '/dashboard',
      summary:
        'The counters of the tickets opened in a period (days: 3, 7, 15, 30, 60 or 90; or date_from and date_to, the company’s dates) and of the period before, and each user’s tickets, rating, average support time and presence (minutes)',
      query: dashboardPeriodQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        const p = await period(viewer.companyId, query);
        const [counters, previous, attendants, online] = await Promise.all([
          dashboard.counters(viewer.companyId, p),
          dashboard.counters(viewer.companyId, previousOf(p)),
          dashboard.attendants(viewer.companyId, p),
          presence.online(viewer.companyId),
        ]);
        res.json({ counters, attendants: attendants.map((a) => ({ ...a, online: online.has(a.id) })), previous: { counters: previous } } satisfies DashboardAnswer);
      },
    }),
    chartRoute<TicketsPerUser>(
      '/dashboard/ticketsUsers',
      'Tickets opened from initialDate to finalDate (the company’s dates) per agent: `{ data: [{ nome, quantidade }], count }`',
      async (companyId, period) => {
        const data = await dashboard.ticketsPerUser(companyId, period);
        return { data, count: data.reduce((sum, d) => sum + d.quantidade, 0) };
      },
    ),
    chartRoute<TicketsPerDay>(
      '/dashboard/ticketsDay',
      'Tickets opened from initialDate to finalDate per day (`data`, YYYY-MM-DD), or per hour (`horario`, HH) when they are one day: `{ data, count }`',
      async (companyId, period) => {
        const data = await dashboard.ticketsPerDay(companyId, period);
        return { data, count: (data as Array<{ total: number }>).reduce((sum, d) => sum + d.total, 0) };
      },
    ),
    route<object, PeriodQuery & { by: DashboardTimesBy }>({
      ...gate,
      method: 'get',
      path: '/dashboard/times',
      summary:
        'First response, resolution and wait times of the tickets opened in the period per queue, agent or connection (by): median and 90th percentile, in wall-clock and business minutes (null: no data)',
      query: dashboardTimesQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        const rows = await dashboard.times(viewer.companyId, await period(viewer.companyId, query), query.by);
        res.json({ rows } satisfies DashboardTimes);
      },
    }),
    exportRoute(
      'csv',
      'text/csv; charset=utf-8',
      'Every ticket opened in the period as CSV (UTF-8, `;`), one row each with its times in wall-clock and business minutes and its rating, streamed',
      async (res, rows) => {
        // The byte-order mark makes spreadsheet programs read the accents as UTF-8.
        let chunk = `\uFEFF${DASHBOARD_EXPORT_COLUMNS.join(';')}\r\n`;
        let lines = 0;
        for await (const row of rows) {
          chunk += `${cells(row).map((v) => csvField(v === null ? '' : String(v))).join(';')}\r\n`;
          if (++lines % 500 === 0) {
            res.write(chunk);
            chunk = '';
            if (!(await drained(res))) return;
          }
        }
        res.end(chunk);
      },
    ),
    exportRoute(
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Every ticket opened in the period as an XLSX sheet, the same columns as the CSV, streamed',
      async (res, rows) => {
        const { default: Excel } = await import('exceljs');
        // exceljs's streaming writer: each committed row goes out to the response, the workbook is never whole in memory.
        const book = new Excel.stream.xlsx.WorkbookWriter({ stream: res, useSharedStrings: false, useStyles: false });
        const sheet = book.addWorksheet('tickets');
        sheet.addRow([...DASHBOARD_EXPORT_COLUMNS]).commit();
        let lines = 0;
        for await (const row of rows) {
          sheet.addRow(cells(row)).commit();
          if (++lines % 500 === 0 && !(await drained(res))) return;
        }
        sheet.commit();
        await book.commit();
      },
    ),
  ];
}
