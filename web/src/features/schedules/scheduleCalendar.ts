import type { Schedule, ScheduleFeedPayload } from '@atendo/contracts';
import { addDays } from 'date-fns/addDays';
import { endOfMonth } from 'date-fns/endOfMonth';
import { endOfWeek } from 'date-fns/endOfWeek';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfWeek } from 'date-fns/startOfWeek';

/** The span the calendar fetches around `date`: its month's weeks, and the agenda's 30 days from it. */
export function visibleSpan(date: Date): { start: Date; end: Date } {
  const monthStart = startOfWeek(startOfMonth(date));
  const monthEnd = addDays(endOfWeek(endOfMonth(date)), 1);
  const start = monthStart < date ? monthStart : startOfWeek(date);
  const agendaEnd = addDays(date, 31);
  return { start, end: monthEnd > agendaEnd ? monthEnd : agendaEnd };
}

/** A calendar event: a schedule at its send time (a short block), titled by its contact. */
export interface ScheduleEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  schedule: Schedule;
}

const EVENT_MINUTES = 30;

export function toEvent(schedule: Schedule, unknownContact: string): ScheduleEvent {
  const start = new Date(schedule.sendAt);
  return { id: schedule.id, title: schedule.contact?.name ?? unknownContact, start, end: new Date(start.getTime() + EVENT_MINUTES * 60_000), schedule };
}

/** The schedules after a realtime entry: a created or changed one replaces its old self (or comes in), a deleted one goes. */
export function applyScheduleFeed(schedules: Schedule[], payload: ScheduleFeedPayload): Schedule[] {
  if (payload.action === 'delete') return schedules.filter((s) => s.id !== payload.scheduleId);
  const rest = schedules.filter((s) => s.id !== payload.schedule.id);
  return [...rest, payload.schedule];
}

/** The stored language as the calendar's culture (spec: pt maps to pt-BR). */
export const calendarCulture = (language: string): 'pt-BR' | 'en' | 'es' => (language === 'pt' ? 'pt-BR' : language === 'es' ? 'es' : 'en');

/** Blueprint's intent of a status (pending: primary, sent: success, error: danger). */
export const statusIntent = (status: Schedule['status']) => (status === 'ENVIADA' ? 'success' : status === 'ERRO' ? 'danger' : 'primary');

/** The `datetime-local` value of an instant, in the browser's zone. */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's zone) as an ISO instant; empty or unreadable stays as typed. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
