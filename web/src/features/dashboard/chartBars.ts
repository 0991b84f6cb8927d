import type { ChartBar } from './BarChart';
import type { TicketsPerDay, TicketsPerUser } from '@atendo/contracts/dashboard';
import { addDays, periodDays, type DashboardPeriod } from './period';

const pad = (n: number) => String(n).padStart(2, '0');
/** The longest span drawn day by day (spec §9's longest period); a longer range shows the days the server gave. */
const MAX_DAYS = 366;

/** Whether the answer counts per hour (the server does for a one-day period). */
export const perHour = (answer: TicketsPerDay) => answer.data.some((row) => 'horario' in row);

/**
 * One bar per hour of the day (00 … 23) or per day of the period, those without tickets at zero: a quiet day shows as
 * a gap rather than disappearing from the axis.
 */
export function timeBars(answer: TicketsPerDay, period: DashboardPeriod, hourLabel: (hour: string) => string, today = new Date()): ChartBar[] {
  const totals = new Map(answer.data.map((row) => ['horario' in row ? pad(Number(row.horario)) : row.data, row.total]));
  const { from, to } = periodDays(period, today);
  if (perHour(answer) || from === to) {
    return Array.from({ length: 24 }, (_, hour) => ({ key: pad(hour), label: hourLabel(pad(hour)), value: totals.get(pad(hour)) ?? 0 }));
  }
  const days: string[] = [];
  for (let day = from; day <= to && days.length < MAX_DAYS; day = addDays(day, 1)) days.push(day);
  const keys = days.length < MAX_DAYS ? days : [...totals.keys()].sort();
  return keys.map((day) => ({ key: day, label: `${day.slice(8, 10)}/${day.slice(5, 7)}`, value: totals.get(day) ?? 0 }));
}

/** One bar per attendant, busiest first (tickets nobody took are not counted). */
export function userBars(answer: TicketsPerUser): ChartBar[] {
  return [...answer.data].sort((a, b) => b.quantidade - a.quantidade).map((row, index) => ({ key: `${index}-${row.nome}`, label: row.nome, value: row.quantidade }));
}
