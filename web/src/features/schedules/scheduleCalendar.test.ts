import type { Schedule } from '@atendo/contracts';
import { describe, expect, it } from 'vitest';
import { schedule as anySchedule } from './fixtures';
import { applyScheduleFeed, calendarCulture, fromLocalInput, toEvent, toLocalInput, visibleSpan } from './scheduleCalendar';

/** A schedule on fixed dates, so that the calendar's arithmetic does not depend on today. */
const schedule = (id: number, patch: Partial<Schedule> = {}): Schedule =>
  anySchedule(id, {
    body: 'Olá',
    sendAt: '2030-03-10T13:00:00.000Z',
    contactId: 1,
    contact: { id: 1, name: 'Ana', number: '5511' },
    createdAt: '2030-03-01T00:00:00.000Z',
    updatedAt: '2030-03-01T00:00:00.000Z',
    ...patch,
  });

describe('the schedules calendar', () => {
  it('fetches the month’s weeks and the agenda’s 30 days', () => {
    const { start, end } = visibleSpan(new Date(2030, 2, 29));
    expect(start <= new Date(2030, 2, 1)).toBe(true);
    expect(end >= new Date(2030, 3, 28)).toBe(true);
  });
  it('an event at the send time, titled by the contact', () => {
    const e = toEvent(schedule(3), '?');
    expect(e).toMatchObject({ id: 3, title: 'Ana', start: new Date('2030-03-10T13:00:00.000Z') });
    expect(toEvent(schedule(4, { contact: null }), 'Contato excluído').title).toBe('Contato excluído');
  });
  it('realtime: created or changed comes in once, deleted goes', () => {
    const list = applyScheduleFeed([schedule(1)], { action: 'create', schedule: schedule(2) });
    expect(list.map((s) => s.id)).toEqual([1, 2]);
    const updated = applyScheduleFeed(list, { action: 'update', schedule: schedule(1, { status: 'ENVIADA' }) });
    expect(updated.find((s) => s.id === 1)?.status).toBe('ENVIADA');
    expect(updated).toHaveLength(2);
    expect(applyScheduleFeed(updated, { action: 'delete', scheduleId: 2 }).map((s) => s.id)).toEqual([1]);
  });
  it('pt is pt-BR; datetime-local round trip', () => {
    expect(calendarCulture('pt')).toBe('pt-BR');
    expect(calendarCulture('es')).toBe('es');
    expect(calendarCulture('en')).toBe('en');
    expect(fromLocalInput(toLocalInput('2030-03-10T13:05:00.000Z'))).toBe('2030-03-10T13:05:00.000Z');
  });
});
