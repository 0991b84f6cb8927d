import { describe, expect, it } from 'vitest';
import { contactListItemNumber, contactListItemSchema, contactListSchema } from './contactList.js';

const errorsOf = (schema: { validateSync(v: unknown, o: object): unknown }, value: unknown): string[] => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => `${e.path}:${e.message}`);
  }
};

describe('contact list validation (spec §5)', () => {
  it('a list: name required, 2 to 50', () => {
    expect(errorsOf(contactListSchema, {})).toEqual(['name:validation.required']);
    expect(errorsOf(contactListSchema, { name: ' A ' })).toEqual(['name:validation.tooShort']);
    expect(errorsOf(contactListSchema, { name: 'x'.repeat(51) })).toEqual(['name:validation.tooLong']);
    expect(errorsOf(contactListSchema, { name: 'Clientes' })).toEqual([]);
  });
  it('an item: name 2 to 50, number 8 to 50 characters of a phone number, e-mail valid when given', () => {
    const good = { contactListId: 3, name: 'Ana', number: '+55 (11) 90000-0001', email: '' };
    expect(errorsOf(contactListItemSchema, good)).toEqual([]);
    expect(contactListItemSchema.validateSync({ contactListId: 3, name: ' Ana ', number: '5511900000001' })).toEqual({ contactListId: 3, name: 'Ana', number: '5511900000001', email: '' });
    expect(errorsOf(contactListItemSchema, { ...good, name: 'A' })).toEqual(['name:validation.tooShort']);
    expect(errorsOf(contactListItemSchema, { ...good, number: '1234567' })).toEqual(['number:validation.tooShort']);
    expect(errorsOf(contactListItemSchema, { ...good, number: '1'.repeat(51) })).toEqual(['number:validation.tooLong']);
    expect(errorsOf(contactListItemSchema, { ...good, number: 'call me maybe' })).toEqual(['number:validation.invalid']);
    expect(errorsOf(contactListItemSchema, { ...good, email: 'ana@' })).toEqual(['email:validation.email']);
    expect(errorsOf(contactListItemSchema, { name: 'Ana' })).toEqual(['contactListId:validation.required', 'number:validation.required']);
  });
  it("an item's number is sent to as its digits", () => {
    expect(contactListItemNumber('+55 (11) 90000-0001')).toBe('5511900000001');
  });
});
