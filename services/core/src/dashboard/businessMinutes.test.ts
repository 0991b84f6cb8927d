import { describe, expect, it } from 'vitest';
import type { CompanySchedule } from '@atendo/contracts';
import { businessMinutes, hasOpeningHours } from './businessMinutes.js';

const day = (weekdayEn: CompanySchedule['weekdayEn'], startTime = '09:00', endTime = '18:00'): CompanySchedule => ({ weekday: weekdayEn, weekdayEn, startTime, endTime });
const weekdays = (start = '09:00', end = '18:00') => (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((d) => day(d, start, end));
const allWeek = [...weekdays(), day('saturday', '', ''), day('sunday', '', '')];
const at = (iso: string) => new Date(iso);

describe('business minutes', () => {
  it('Friday 19:00 to Monday 09:05 with Monday to Friday 09:00–18:00 is 5 minutes', () => {
    // 2026-11-27 is a Friday; São Paulo is UTC−3 all year.
    expect(businessMinutes(at('2026-11-27T22:00:00Z'), at('2026-11-30T12:05:00Z'), allWeek, 'America/Sao_Paulo')).toBe(5);
  });

  it('without hours every minute counts, fractions included', () => {
    expect(businessMinutes(at('2026-11-27T22:00:00Z'), at('2026-11-30T12:05:30Z'), [], 'America/Sao_Paulo')).toBe(3 * 24 * 60 - 10 * 60 + 5.5);
  });

  it('is 0 when the end is not after the start', () => {
    expect(businessMinutes(at('2026-11-27T15:00:00Z'), at('2026-11-27T15:00:00Z'), allWeek, 'UTC')).toBe(0);
    expect(businessMinutes(at('2026-11-27T15:00:00Z'), at('2026-11-27T14:00:00Z'), [], 'UTC')).toBe(0);
  });

  it('within one open day counts the wall clock, cut at closing', () => {
    expect(businessMinutes(at('2026-11-24T10:00:00Z'), at('2026-11-24T10:42:15Z'), allWeek, 'UTC')).toBeCloseTo(42.25);
    expect(businessMinutes(at('2026-11-24T17:30:00Z'), at('2026-11-24T20:00:00Z'), allWeek, 'UTC')).toBe(30);
    expect(businessMinutes(at('2026-11-24T06:00:00Z'), at('2026-11-24T09:10:00Z'), allWeek, 'UTC')).toBe(10);
  });

  it('across midnight counts the evening before and the morning after', () => {
    // Tuesday 17:00 → Wednesday 10:00 UTC: an hour each side of the night.
    expect(businessMinutes(at('2026-11-24T17:00:00Z'), at('2026-11-25T10:00:00Z'), allWeek, 'UTC')).toBe(120);
    // A late shift that ends at midnight local: 20:00–23:59 counts 239 minutes before midnight, nothing after.
    const evenings = weekdays('20:00', '23:59');
    expect(businessMinutes(at('2026-11-24T22:00:00Z'), at('2026-11-25T01:00:00Z'), evenings, 'UTC')).toBe(119);
  });

  it('reads the hours in the company’s zone: the same instants give different minutes in two zones', () => {
    // 2026-11-24 11:00Z → 13:00Z is 08:00 → 10:00 in São Paulo (one open hour) and 12:00 → 14:00 in Lisbon (two).
    expect(businessMinutes(at('2026-11-24T11:00:00Z'), at('2026-11-24T13:00:00Z'), allWeek, 'America/Sao_Paulo')).toBe(60);
    expect(businessMinutes(at('2026-11-24T11:00:00Z'), at('2026-11-24T13:00:00Z'), allWeek, 'Europe/Lisbon')).toBe(120);
    // Friday 20:00Z is 17:00 in São Paulo (an hour before closing) and already closed in Lisbon (20:00).
    expect(businessMinutes(at('2026-11-27T20:00:00Z'), at('2026-11-30T12:05:00Z'), allWeek, 'America/Sao_Paulo')).toBe(65);
    expect(businessMinutes(at('2026-11-27T20:00:00Z'), at('2026-11-30T12:05:00Z'), allWeek, 'Europe/Lisbon')).toBe(185);
  });

  it('a closed day counts nothing, also one left out or with one time missing', () => {
    const noWednesday = allWeek.map((d) => (d.weekdayEn === 'wednesday' ? day('wednesday', '', '') : d));
    // Tuesday 17:00 → Thursday 10:00: an hour on Tuesday, nothing on Wednesday, an hour on Thursday.
    expect(businessMinutes(at('2026-11-24T17:00:00Z'), at('2026-11-26T10:00:00Z'), noWednesday, 'UTC')).toBe(120);
    expect(businessMinutes(at('2026-11-24T17:00:00Z'), at('2026-11-26T10:00:00Z'), allWeek.filter((d) => d.weekdayEn !== 'wednesday'), 'UTC')).toBe(120);
    expect(businessMinutes(at('2026-11-24T17:00:00Z'), at('2026-11-26T10:00:00Z'), allWeek.map((d) => (d.weekdayEn === 'wednesday' ? day('wednesday', '09:00', '') : d)), 'UTC')).toBe(120);
    // Every day without times is hours never set (a new company's empty week): every minute counts.
    expect(businessMinutes(at('2026-11-24T17:00:00Z'), at('2026-11-26T10:00:00Z'), [day('monday', '', ''), day('tuesday', '', '')], 'UTC')).toBe(41 * 60);
    expect(hasOpeningHours([day('monday', '', '')])).toBe(false);
    expect(hasOpeningHours(noWednesday)).toBe(true);
  });

  it('is safe across a change of daylight saving: the opening counts as written', () => {
    // Lisbon moves from UTC+1 to UTC on Sunday 2026-10-25: Friday 23 Oct 17:00 local (16:00Z) → Monday 26 Oct 10:00
    // local (10:00Z) is an hour each side of the weekend.
    expect(businessMinutes(at('2026-10-23T16:00:00Z'), at('2026-10-26T10:00:00Z'), allWeek, 'Europe/Lisbon')).toBe(120);
    // New York springs forward on Sunday 2026-03-08 at 02:00: a Sunday open 00:00–23:59 counts 1439 minutes as written.
    const sundays = [day('sunday', '00:00', '23:59')];
    expect(businessMinutes(at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z'), sundays, 'America/New_York')).toBe(1439);
  });

  it('spans a year without trouble', () => {
    const minutes = businessMinutes(at('2025-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), allWeek, 'UTC');
    expect(minutes).toBe(261 * 540);
  });
});
