import { describe, expect, it } from 'vitest';
import { wordsQuery } from './search.js';

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
