import { describe, expect, it } from 'vitest';
import { fileListChangesSchema, fileListSchema, uploadFileListOptionSchema } from './fileList.js';

const errorsOf = (schema: { validateSync(v: unknown, o: object): unknown }, value: unknown): string[] => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => `${e.path}:${e.message}`);
  }
};

describe('file list validation (spec §5)', () => {
  it('a list: name required, at least 3; message required; options named, at most 20, each id once', () => {
    expect(errorsOf(fileListSchema, {})).toEqual(['name:validation.required', 'message:validation.required']);
    expect(errorsOf(fileListSchema, { name: ' ab ', message: 'm' })).toEqual(['name:validation.tooShort']);
    expect(errorsOf(fileListSchema, { name: 'x'.repeat(101), message: 'm' })).toEqual(['name:validation.tooLong']);
    expect(errorsOf(fileListSchema, { name: 'Catálogo', message: 'm', options: [{ name: ' ' }] })).toEqual(['options[0].name:validation.required']);
    expect(errorsOf(fileListSchema, { name: 'Catálogo', message: 'm', options: Array.from({ length: 21 }, () => ({ name: 'o' })) })).toEqual(['options:validation.tooMany']);
    expect(errorsOf(fileListSchema, { name: 'Catálogo', message: 'm', options: [{ id: 3, name: 'a' }, { id: 3, name: 'b' }] })).toEqual(['options:validation.invalid']);
    expect(fileListSchema.validateSync({ name: ' Catálogo ', message: 'Olá' })).toEqual({ name: 'Catálogo', message: 'Olá', options: [] });
  });
  it('a change: any field, but the message not emptied', () => {
    expect(errorsOf(fileListChangesSchema, {})).toEqual([]);
    expect(errorsOf(fileListChangesSchema, { message: '  ' })).toEqual(['message:validation.required']);
  });
  it("an upload names its option by a whole number, as a form's text", () => {
    expect(errorsOf(uploadFileListOptionSchema, { id: '12' })).toEqual([]);
    expect(errorsOf(uploadFileListOptionSchema, { id: '1.5' })).toEqual(['id:validation.integer']);
    expect(errorsOf(uploadFileListOptionSchema, {})).toEqual(['id:validation.required']);
  });
});
