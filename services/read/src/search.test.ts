import { describe, expect, it } from 'vitest';
import { gramsQuery, wordsQuery } from './search.js';

describe('word queries', () => {
  it('folds case and accents as the SQL does, and takes the last word as a beginning', () => {
    expect(wordsQuery('João Conceição')).toBe('joao & conceicao:*');
    expect(wordsQuery('  NÚÑ ')).toBe('nun:*');
    // Decomposed accents (as some keyboards send them) fold the same.
    expect(wordsQuery('Joa\u0303o')).toBe('joao:*');
  });

  it('keeps letters and digits only, so nothing typed is query syntax', () => {
    expect(wordsQuery("pedido 4567 & !x | y:* (z)")).toBe('pedido & 4567 & x & y & z:*');
    expect(wordsQuery('100%')).toBe('100:*');
    expect(wordsQuery('%')).toBeNull();
    expect(wordsQuery('_ - ')).toBeNull();
  });

  it('looks for eight words at most', () => {
    expect(wordsQuery('a b c d e f g h i j')).toBe('a & b & c & d & e & f & g & h:*');
  });
});

describe('number grams queries', () => {
  it('asks for the whole grams the digits hold, from their first digit or their second, else a gram beginning with them', () => {
    expect(gramsQuery('12')).toBeNull();
    expect(gramsQuery('123')).toBe('(123:*) | (23:*)');
    expect(gramsQuery('1234')).toBe('(1234:*) | (234:*)');
    expect(gramsQuery('12345')).toBe('(12345) | (2345:*)');
    expect(gramsQuery('1234567')).toBe('(12345 & 34567) | (23456)');
    expect(gramsQuery('1234567890')).toBe('(12345 & 56789) | (23456 & 67890)');
    // Every other start, 4 apart so that the grams overlap, and the last one that fits.
    expect(gramsQuery('51194444000')).toBe('(51194 & 44440 & 44000) | (11944 & 44400)');
  });
});
