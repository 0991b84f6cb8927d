import { describe, expect, it } from 'vitest';
import { parseVcards, telHref } from './vcard';

describe('vcards', () => {
  it('reads the name and phones of each card, unfolding and unescaping', () => {
    const body = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Padaria Pão\\, Café e',
      '  Cia',
      'item1.TEL;waid=5511987654321:+55 11 98765-4321',
      'item1.X-ABLabel:Celular',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'N:Souza;João;Carlos;Dr.;',
      'TEL;VALUE=uri;TYPE=cell:tel:+55-21-3333-4444',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVcards(body)).toEqual([
      { name: 'Padaria Pão, Café e Cia', phones: ['+55 11 98765-4321'] },
      { name: 'Dr. João Carlos Souza', phones: ['+55-21-3333-4444'] },
    ]);
  });

  it('leaves out empty cards and text outside cards', () => {
    expect(parseVcards('hello BEGIN:VCARD\nVERSION:3.0\nEND:VCARD')).toEqual([]);
    expect(parseVcards('not a card at all')).toEqual([]);
  });

  it('makes tel links of digits only', () => {
    expect(telHref('+55 (11) 98765-4321')).toBe('tel:+5511987654321');
    expect(telHref('javascript:alert(1)')).toBe('tel:1');
  });
});
