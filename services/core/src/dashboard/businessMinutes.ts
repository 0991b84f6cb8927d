import type { CompanySchedule } from '@atendo/contracts';

/** A moment as the clock on the wall reads it in a time zone: the calendar date and the minute of the day (with its fraction). */
interface WallClock {
  date: string;
  minute: number;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, made once per zone (making one is the slow part). A zone the runtime does not know reads as UTC. */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    formats.set(timeZone, format);
  }
  return format;
}

function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatOf(timeZone).formatToParts(at)) parts[p.type] = p.value;
  const minute = Number(parts.hour) * 60 + Number(parts.minute) + Number(parts.second) / 60 + at.getUTCMilliseconds() / 60_000;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute };
}

/** The calendar date after `date` (calendar arithmetic: no zone, no daylight saving). */
function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): CompanySchedule['weekdayEn'] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

const minuteOf = (time: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** Whether any weekday has opening hours (both times, the end after the start): else the hours were never set. */
export function hasOpeningHours(schedules: readonly CompanySchedule[] | null | undefined): boolean {
  return !!schedules && openSpans(schedules).size > 0;
}

/**
 * The opening span of each weekday in minutes of the day, as `isOpen` (chatbot/hours.ts) reads the same hours: a day
 * without both times, or whose end is not after its start, is closed all day.
 */
function openSpans(schedules: readonly CompanySchedule[]): Map<string, { start: number; end: number }> {
  const spans = new Map<string, { start: number; end: number }>();
  for (const s of schedules) {
    const start = minuteOf(s.startTime ?? '');
    const end = minuteOf(s.endTime ?? '');
    if (start !== null && end !== null && end > start) spans.set(s.weekdayEn, { start, end });
  }
  return spans;
}

/**
 * The minutes between `from` and `to` that fall within the weekly opening hours, read in `timeZone` (with their
 * fraction; 0 when `to` is not after `from`). No hours — none given, or no day with both times — means none were
 * set: every minute counts.
 *
 * It works on the zone's wall clock: each end is read as a local date and minute of the day, and each local day in
 * between adds its opening span (cut at the ends). So a day's opening is its hours as written — 09:00 to 18:00 is 540
 * minutes also on the day the clocks move — and a change of offset between the two ends moves nothing.
 */
export function businessMinutes(from: Date, to: Date, schedules: readonly CompanySchedule[], timeZone: string): number {
  const wall = (to.getTime() - from.getTime()) / 60_000;
  if (!(wall > 0)) return 0;
  const spans = openSpans(schedules);
  if (spans.size === 0) return wall;
  const start = wallClock(from, timeZone);
  const end = wallClock(to, timeZone);
  let total = 0;
  for (let date = start.date; date <= end.date; date = nextDate(date)) {
    const span = spans.get(weekdayOf(date));
    if (!span) continue;
    const lo = date === start.date ? Math.max(span.start, start.minute) : span.start;
    const hi = date === end.date ? Math.min(span.end, end.minute) : span.end;
    if (hi > lo) total += hi - lo;
  }
  return total;
}
