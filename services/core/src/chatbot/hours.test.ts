import { describe, expect, it } from 'vitest';
import type { CompanySchedule } from '@atendo/contracts';
import { isOpen, localTime, nextOpening } from './hours.js';

const day = (weekdayEn: CompanySchedule['weekdayEn'], startTime = '08:00', endTime = '18:00'): CompanySchedule => ({ weekday: weekdayEn, weekdayEn, startTime, endTime });
const week = [day('monday'), day('tuesday'), day('wednesday'), day('thursday'), day('friday'), day('saturday', '08:00', '12:00'), day('sunday', '', '')];

describe('business hours', () => {
  it('reads an instant in the company’s time zone, not the server’s', () => {
    // 23:30 on Sunday in UTC is 08:30 on Monday in Tokyo and 20:30 on Sunday in São Paulo.
    const at = new Date('2026-11-22T23:30:00Z');
    expect(localTime(at, 'Asia/Tokyo')).toEqual({ date: '2026-11-23', weekday: 'monday', time: '08:30' });
    expect(localTime(at, 'America/Sao_Paulo')).toEqual({ date: '2026-11-22', weekday: 'sunday', time: '20:30' });
    expect(isOpen(week, 'Asia/Tokyo', at)).toBe(true);
    expect(isOpen(week, 'America/Sao_Paulo', at)).toBe(false);
  });

  it('is open from the start minute up to, not including, the end minute; a day without times is closed', () => {
    const monday = (time: string) => new Date(`2026-11-23T${time}:00-03:00`);
    expect(isOpen(week, 'America/Sao_Paulo', monday('07:59'))).toBe(false);
    expect(isOpen(week, 'America/Sao_Paulo', monday('08:00'))).toBe(true);
    expect(isOpen(week, 'America/Sao_Paulo', monday('17:59'))).toBe(true);
    expect(isOpen(week, 'America/Sao_Paulo', monday('18:00'))).toBe(false);
    expect(isOpen(week, 'America/Sao_Paulo', new Date('2026-11-29T10:00:00-03:00'))).toBe(false);
    // No hours at all: always open.
    expect(isOpen([], 'America/Sao_Paulo', monday('03:00'))).toBe(true);
  });

  it('names a closed period by the next opening, across midnight and over a closed Sunday', () => {
    expect(nextOpening(week, 'America/Sao_Paulo', new Date('2026-11-23T19:00:00-03:00'))).toBe('2026-11-24 08:00');
    expect(nextOpening(week, 'America/Sao_Paulo', new Date('2026-11-24T02:00:00-03:00'))).toBe('2026-11-24 08:00');
    // Saturday afternoon: Sunday is closed, so Monday.
    expect(nextOpening(week, 'America/Sao_Paulo', new Date('2026-11-28T13:00:00-03:00'))).toBe('2026-11-30 08:00');
    // The same instant, in Tokyo, is Sunday 01:00: Monday again, one closed period.
    expect(nextOpening(week, 'Asia/Tokyo', new Date('2026-11-28T13:00:00-03:00'))).toBe('2026-11-30 08:00');
    expect(nextOpening([day('monday', '', '')], 'UTC', new Date('2026-11-23T10:00:00Z'))).toBeNull();
  });
});
