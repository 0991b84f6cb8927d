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
  it('asks for whole grams covering the digits, or a gram beginning with 3 or 4 of them, and nothing for fewer', () => {
    expect(gramsQuery('12')).toBeNull();
    expect(gramsQuery('123')).toBe('123:*');
    expect(gramsQuery('1234')).toBe('1234:*');
    expect(gramsQuery('12345')).toBe('12345');
    expect(gramsQuery('1234567')).toBe('12345 & 34567');
    expect(gramsQuery('1234567890')).toBe('12345 & 67890');
    expect(gramsQuery('51194444000')).toBe('51194 & 44400 & 44000');
  });
});
