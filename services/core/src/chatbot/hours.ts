import type { CompanySchedule } from '@atendo/contracts';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The calendar date and the time of day of an instant in a time zone (the runtime's own zone data, via Intl). */
export function localTime(at: Date, timeZone: string): { date: string; weekday: CompanySchedule['weekdayEn']; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: weekdayOf(date, 0), time: `${parts.hour}:${parts.minute}` };
}

/** The weekday of the calendar date `days` after `date` (calendar arithmetic: no zone, no daylight saving). */
function weekdayOf(date: string, days: number): CompanySchedule['weekdayEn'] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d + days)).getUTCDay()]!;
}

function dateAfter(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const hoursOf = (schedules: CompanySchedule[], weekday: string) => {
  const day = schedules.find((s) => s.weekdayEn === weekday);
  return day && day.startTime && day.endTime ? { start: day.startTime, end: day.endTime } : undefined;
};

/**
 * Whether `at` falls within the weekly hours, read in `timeZone`. No hours at all: always open. A day without both
 * times: closed all day. Open from the start minute up to (not including) the end minute.
 */
export function isOpen(schedules: CompanySchedule[], timeZone: string, at: Date): boolean {
  if (schedules.length === 0) return true;
  const now = localTime(at, timeZone);
  const today = hoursOf(schedules, now.weekday);
  return !!today && now.time >= today.start && now.time < today.end;
}

/**
 * When the hours next open after `at` (local date and time, "2026-11-23 08:00"), or null when they never do: it names
 * the closed period `at` is in, so an out-of-hours message goes once per period.
 */
export function nextOpening(schedules: CompanySchedule[], timeZone: string, at: Date): string | null {
  const now = localTime(at, timeZone);
  for (let days = 0; days <= 7; days++) {
    const hours = hoursOf(schedules, weekdayOf(now.date, days));
    if (!hours || (days === 0 && hours.start <= now.time)) continue;
    return `${dateAfter(now.date, days)} ${hours.start}`;
  }
  return null;
}
