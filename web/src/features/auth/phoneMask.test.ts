import { describe, expect, it } from 'vitest';
import { maskPhone } from './phoneMask';

describe('phone mask (99) 99999-9999', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 98765'],
    ['11987654', '(11) 98765-4'],
    ['11987654321', '(11) 98765-4321'],
  ])('shows %j as %j', (typed, shown) => expect(maskPhone(typed)).toBe(shown));

  it('drops what is not a digit and keeps at most 11 digits', () => {
    expect(maskPhone('(11) 98765-4321 99')).toBe('(11) 98765-4321');
    expect(maskPhone('ab+55 11-9')).toBe('(55) 119');
  });

  it('is stable when the shown text is typed again', () => {
    expect(maskPhone(maskPhone('11987654321'))).toBe('(11) 98765-4321');
  });
});
