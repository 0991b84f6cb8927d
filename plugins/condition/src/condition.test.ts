import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import condition from './index.js';

const port = (data: Record<string, unknown>, variables: Record<string, string>) => {
  const next = runBlockForTest(condition, { data, variables }).next;
  return next.type === 'follow' ? next.port : next.type;
};

describe('condition block', () => {
  it.each([
    ['equals', 'Sim', ' sim ', 'true'],
    ['equals', 'Sim', 'não', 'false'],
    ['contains', 'quero cancelar o pedido', 'CANCELAR', 'true'],
    ['contains', 'quero comprar', 'cancelar', 'false'],
    ['greater', '30', '18', 'true'],
    ['greater', '1.234,50', '1000', 'true'],
    ['greater', '12', '18', 'false'],
    ['greater', 'trinta', '18', 'false'],
    ['less', '12', '18', 'true'],
    ['less', '18', '18', 'false'],
    ['regex', 'pedido 12345', '^pedido \\d{5}$', 'true'],
    ['regex', 'pedido 12', '^pedido \\d{5}$', 'false'],
  ])('%s: "%s" against "%s" leaves by %s', (operator, actual, expected, result) => {
    expect(port({ key: 'answer', condition: operator, value: expected }, { answer: actual })).toBe(result);
  });
  it('an unknown variable reads as empty, and the value may use variables', () => {
    expect(port({ key: 'missing', condition: 'equals', value: '' }, {})).toBe('true');
    expect(port({ key: 'answer', condition: 'equals', value: '{{expected}}' }, { answer: 'abc', expected: 'ABC' })).toBe('true');
  });
  it('refuses an unknown operator, a missing key and a regular expression that does not compile', () => {
    expect(blockDataErrors(condition, { key: 'a', condition: 'between', value: '1' }).map((e) => e.field)).toEqual(['condition']);
    expect(blockDataErrors(condition, { key: '', condition: 'equals', value: '1' }).map((e) => e.field)).toEqual(['key']);
    expect(blockDataErrors(condition, { key: 'a', condition: 'regex', value: '(' }).map((e) => e.message)).toEqual([expect.stringContaining('flows.validation.regex')]);
    expect(blockDataErrors(condition, { key: 'a', condition: 'regex', value: '^a+$' })).toEqual([]);
  });
});
