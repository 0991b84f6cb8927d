import '@atendo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { ApiError } from '../api/ApiError';
import { changeLanguage } from '../i18n';
import { schemaErrors, serverFieldErrors, validateWith } from './formErrors';

const schema = yup.object({
  name: yup.string().trim().required().min(2),
  email: yup.string().email(),
  hours: yup.array(yup.object({ start: yup.string().matches(/^\d\d:\d\d$/) })),
  queueIds: yup.array(yup.number().integer()),
});

describe('formErrors', () => {
  afterEach(() => changeLanguage('en'));

  it('words each refused field in the console language with its figures, nested paths included', async () => {
    const validate = validateWith<Record<string, unknown>>(schema);
    expect(await validate({ name: 'A', email: 'nope', hours: [{ start: '09:00' }, { start: '9h' }] })).toEqual({
      name: 'must have at least 2 characters',
      email: 'must be a valid email address',
      hours: [undefined, { start: 'is invalid' }],
    });
    expect(await validate({ name: 'Ana' })).toEqual({});

    changeLanguage('pt');
    expect(await validate({ name: 'A' })).toEqual({ name: 'deve ter pelo menos 2 caracteres' });
  });

  it('says "is required" before the other rules of an empty field', async () => {
    const both = yup.object({ name: yup.string().min(2).required() });
    expect(await validateWith<{ name: string }>(both)({ name: '' })).toEqual({ name: 'is required' });
  });

  it('checks what the form would send (prepare), and words with the form (describe, topLevel)', async () => {
    const validate = validateWith<{ name: string; queueIds: string }>(schema, {
      prepare: (values) => ({ name: values.name.trim(), queueIds: values.queueIds.split(',').map(Number) }),
      describe: (field, text) => `${field.toUpperCase()} ${text}`,
      topLevel: true,
    });
    expect(await validate({ name: '  A  ', queueIds: '1,2.5' })).toEqual({ name: 'NAME must have at least 2 characters', queueIds: 'QUEUEIDS must be a whole number' });
  });

  it('throws anything that is not a refusal of the schema', () => {
    expect(() => schemaErrors(new Error('boom'))).toThrow('boom');
  });

  it("puts the server's ERR_VALIDATION details on their fields, and nothing for other answers", () => {
    const refused = new ApiError(400, 'ERR_VALIDATION', [
      { path: 'schedules[1].startTime', rule: 'time', message: 'refused' },
      { path: 'schedules[1].startTime', rule: 'other', message: 'second' },
      { path: 'name', rule: 'tooLong', message: 'too long' },
      { rule: 'no path' },
    ]);
    expect(serverFieldErrors(refused)).toEqual({ schedules: [undefined, { startTime: 'refused' }], name: 'too long' });
    expect(serverFieldErrors(refused, { describe: (field, text) => `${field}: ${text}`, topLevel: true })).toEqual({ schedules: 'schedules: refused', name: 'name: too long' });
    expect(serverFieldErrors(new ApiError(409, 'ERR_USER_EMAIL_ALREADY_EXISTS', [{ path: 'email', message: 'taken' }]))).toEqual({});
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });
});
