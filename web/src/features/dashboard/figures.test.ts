import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { valueTicks } from './BarChart';
import { timeBars, userBars } from './chartBars';
import { formatMinutes, trendOf } from './figures';
import { initialFilter, periodDays, periodOf } from './period';

describe("the dashboard's figures", () => {
  it('tells a trend and whether it is good news', () => {
    expect(trendOf(15, 10, 'higher')).toEqual({ direction: 'up', percent: 50, tone: 'good' });
    expect(trendOf(15, 10, 'lower')).toEqual({ direction: 'up', percent: 50, tone: 'bad' });
    expect(trendOf(5, 10, 'lower')).toEqual({ direction: 'down', percent: 50, tone: 'good' });
    expect(trendOf(5, 10, 'neither')).toEqual({ direction: 'down', percent: 50, tone: 'neutral' });
    expect(trendOf(3, 0, 'higher')).toEqual({ direction: 'new', percent: null, tone: 'neutral' });
    expect(trendOf(0, 0, 'higher').direction).toBe('same');
    expect(trendOf(null, 4, 'lower').direction).toBe('none');
  });

  it('writes minutes as a person reads them, in the reader’s language', () => {
    const t = i18n.getFixedT('pt');
    expect(formatMinutes(12.46, t, 'pt')).toBe('12,5 min');
    expect(formatMinutes(185, t, 'pt')).toBe('3 h 5 min');
    expect(formatMinutes(1440 * 2 + 60 * 4 + 10, t, 'pt')).toBe('2 d 4 h');
    expect(formatMinutes(null, t, 'pt')).toBe('—');
  });

  it('counts the value axis in round steps', () => {
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(valueTicks(230)).toEqual([0, 100, 200, 300]);
  });

  it('starts on today alone; a period needs days or both dates in order', () => {
    const today = new Date(2026, 10, 29, 15, 0);
    expect(initialFilter(today)).toEqual({ days: '', from: '2026-11-29', to: '2026-11-29' });
    expect(periodOf({ days: '', from: '', to: '2026-11-29' })).toBeNull();
    expect(periodOf({ days: '', from: '2026-11-30', to: '2026-11-29' })).toBeNull();
    expect(periodOf({ days: 15, from: '', to: '' })).toEqual({ days: 15 });
    expect(periodDays({ days: 3 }, today)).toEqual({ from: '2026-11-27', to: '2026-11-29' });
    expect(periodDays({ days: 7 }, new Date(2026, 2, 3))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });

  it('draws every hour of a day and every day of a period, the quiet ones at zero', () => {
    const hours = timeBars({ data: [{ horario: '7', total: 2 }], count: 2 }, { from: '2026-11-29', to: '2026-11-29' }, (h) => `${h}h`);
    expect(hours).toHaveLength(24);
    expect(hours[7]).toEqual({ key: '07', label: '07h', value: 2 });
    const days = timeBars({ data: [{ data: '2026-11-30', total: 4 }], count: 4 }, { from: '2026-11-29', to: '2026-12-01' }, (h) => h);
    expect(days.map((bar) => [bar.label, bar.value])).toEqual([
      ['29/11', 0],
      ['30/11', 4],
      ['01/12', 0],
    ]);
    expect(userBars({ data: [{ nome: 'Bia', quantidade: 1 }, { nome: 'Ana', quantidade: 5 }], count: 6 }).map((bar) => bar.label)).toEqual(['Ana', 'Bia']);
  });
});
