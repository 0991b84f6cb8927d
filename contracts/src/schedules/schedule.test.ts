import { describe, expect, it } from 'vitest';
import { renderScheduleBody, scheduleGreeting, scheduleProtocol } from './render.js';
import { createScheduleSchema } from './schedule.js';

const errorsOf = (value: unknown): string[] => {
  try {
    createScheduleSchema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => `${e.path}:${e.message}`);
  }
};

describe('schedule validation (spec §5)', () => {
  it('body 5 or more, a contact, a time with its zone', () => {
    expect(errorsOf({})).toEqual(['body:validation.required', 'contactId:validation.required', 'sendAt:validation.required']);
    expect(errorsOf({ body: 'Oi', contactId: 3, sendAt: '2030-01-01T10:00:00Z' })).toEqual(['body:validation.tooShort']);
    expect(errorsOf({ body: 'Olá Ana', contactId: 3, sendAt: '2030-01-01 10:00' })).toEqual(['sendAt:validation.invalid']);
    expect(createScheduleSchema.validateSync({ body: ' Olá Ana ', contactId: 3, sendAt: '2030-01-01T10:00:00-03:00' })).toEqual({
      body: 'Olá Ana',
      contactId: 3,
      sendAt: '2030-01-01T13:00:00.000Z',
      whatsappId: null,
      ticketId: null,
    });
  });
});

describe('schedule variables', () => {
  const at = new Date('2030-01-01T12:30:00Z'); // 09:30 in São Paulo
  it('greets by the hour in the company’s zone and language', () => {
    expect(scheduleGreeting(at, 'America/Sao_Paulo')).toBe('Bom dia');
    expect(scheduleGreeting(at, 'Asia/Tokyo')).toBe('Boa noite'); // 21:30
    expect(scheduleGreeting(at, 'Europe/Lisbon', 'en')).toBe('Good afternoon'); // 12:30
    expect(scheduleGreeting(at, 'Europe/Lisbon', 'es')).toBe('Buenas tardes');
    expect(scheduleGreeting(at, 'Not/AZone')).toBe('Boa tarde'); // read as UTC
  });
  it('fills first name, name, greeting, protocol and hour, escaping nothing', () => {
    const text = renderScheduleBody('{{greeting}}, {{firstName}}! {{name}} <&> protocolo {{protocol}} às {{hour}}{{unknown}}', {
      contactName: ' Ana Maria Souza ',
      at,
      timeZone: 'America/Sao_Paulo',
      protocol: '42',
    });
    expect(text).toBe('Bom dia, Ana! Ana Maria Souza <&> protocolo 42 às 09:30');
  });
  it('sends a text Mustache cannot read as written', () => {
    expect(renderScheduleBody('Olá {{firstName', { contactName: 'Ana', at, timeZone: 'UTC', protocol: '1' })).toBe('Olá {{firstName');
  });
  it('makes a protocol of the time and the id', () => {
    expect(scheduleProtocol(at, 'America/Sao_Paulo', 7)).toBe('203001010930007');
  });
});
