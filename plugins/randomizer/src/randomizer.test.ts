import { describe, expect, it } from 'vitest';
import { blockDataErrors, randomOf, runBlockForTest } from '@atendo/flow-engine';
import randomizer from './index.js';

const way = (percent: number, drawn: number) => runBlockForTest(randomizer, { data: { percent }, random: drawn }).next;

describe('randomizer block', () => {
  it('leaves by a when the draw falls within the percent, by b otherwise', () => {
    expect(way(30, 0)).toEqual({ type: 'follow', port: 'a' });
    expect(way(30, 0.299)).toEqual({ type: 'follow', port: 'a' });
    expect(way(30, 0.3)).toEqual({ type: 'follow', port: 'b' });
    expect(way(30, 0.999)).toEqual({ type: 'follow', port: 'b' });
  });
  it('0 always leaves by b, 100 always by a', () => {
    expect(way(0, 0)).toEqual({ type: 'follow', port: 'b' });
    expect(way(100, 0.9999)).toEqual({ type: 'follow', port: 'a' });
  });
  it('with the engine’s seeded draws, about percent of many contacts go to a', () => {
    const contacts = 2000;
    let toA = 0;
    for (let i = 0; i < contacts; i += 1) {
      const next = runBlockForTest(randomizer, { data: { percent: 70 }, random: () => randomOf(`execution-${i}:4:1:split#0`) }).next;
      if (next.type === 'follow' && next.port === 'a') toA += 1;
    }
    expect(toA / contacts).toBeGreaterThan(0.66);
    expect(toA / contacts).toBeLessThan(0.74);
  });
  it('takes 0 to 100 in steps of 10, half and half for a new block', () => {
    expect(randomizer.defaults).toEqual({ percent: 50 });
    for (const bad of [-10, 110, 35, '', 'x']) expect(blockDataErrors(randomizer, { percent: bad }).map((e) => e.field)).toEqual(['percent']);
    for (const good of [0, 10, 50, 100]) expect(blockDataErrors(randomizer, { percent: good })).toEqual([]);
  });
});
