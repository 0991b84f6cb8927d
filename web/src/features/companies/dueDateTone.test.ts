import { describe, expect, it } from 'vitest';
import { dueDateTone } from './dueDateTone';

const now = new Date('2026-03-10T12:00:00.000Z');
const inDays = (days: number, hours = 0) => new Date(now.getTime() + days * 86_400_000 + hours * 3_600_000).toISOString();

describe('dueDateTone (spec §4: company due-date row colours)', () => {
  it.each([
    [6, undefined],
    [5, 'soon'],
    [4, 'near'],
    [0, 'near'],
    [-3, 'near'],
    [-4, 'late'],
    [-5, undefined],
    [30, undefined],
  ])('%i days left: %s', (days, tone) => {
    expect(dueDateTone(inDays(days), now)).toBe(tone);
  });

  it('counts whole days towards zero', () => {
    expect(dueDateTone(inDays(5, 23), now)).toBe('soon');
    expect(dueDateTone(inDays(4, 23), now)).toBe('near');
    expect(dueDateTone(inDays(-4, -23), now)).toBe('late');
    expect(dueDateTone(inDays(-3, -23), now)).toBe('near');
  });

  it('colours nothing without a valid due date', () => {
    expect(dueDateTone(null, now)).toBeUndefined();
    expect(dueDateTone('', now)).toBeUndefined();
    expect(dueDateTone('not a date', now)).toBeUndefined();
  });
});
