import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListTicketsResponse, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';
import { eventCount as countEvents } from './testing/log.js';

interface Refusal {
  error: string;
  message: string;
  reason?: string;
  details?: Array<{ path: string; rule: string; message: string }>;
}

// What a hostile or careless client sends: every answer is a 4xx with a catalogue code and words a person can read.
describe('API input', () => {
  let h: Harness;
  let token: string;
  let ticket: Ticket;
  const eventCount = () => countEvents(h);

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    await h.customerSays('5511977770001', 'Olá');
    ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511977770001', { token })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    });
  });
  afterAll(async () => h?.stop());

  it('a body whose keys are __proto__ or constructor is a 400, never a 500, and writes nothing', async () => {
    const before = await eventCount();
    for (const body of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '{"status":"open","__proto__":{"status":"closed"}}']) {
      const res = await h.api<Refusal>(`/tickets/${ticket.id}`, { method: 'PUT', token, body });
      if (body.includes('"status":"open"')) expect(res.status, body).toBe(200);
      else expect(res, body).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    // The accept went through once: its own events, nothing from the refused bodies.
    expect(await eventCount()).toBeGreaterThan(before);
    const after = await eventCount();
    await h.api(`/messages/${ticket.id}`, { token, body: '{"__proto__":{"body":"x"}}' });
    expect(await eventCount()).toBe(after);
  });

  it('refuses values of the wrong type instead of converting them', async () => {
    const before = await eventCount();
    const numberBody = await h.api<Refusal>(`/messages/${ticket.id}`, { token, body: { body: 123 } });
    expect(numberBody).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'body', rule: 'type', message: 'must be of type string' }] } });
    const textId = await h.api<Refusal>(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { queueId: '1' } });
    expect(textId).toMatchObject({ status: 400, body: { details: [{ path: 'queueId', rule: 'type' }] } });
    const textFlag = await h.api<Refusal>(`/messages/${ticket.id}`, { token, body: { body: 'oi', quotedMsg: 'abc' } });
    expect(textFlag.status).toBe(400);
    expect(await eventCount()).toBe(before);
    // Route parameters and query strings are text: they still read as numbers.
    expect((await h.api(`/tickets/${ticket.id}`, { token })).status).toBe(200);
    expect((await h.api('/tickets?pageNumber=1', { token })).status).toBe(200);
  });

  it('words refusals in the request language, else English, and never answers a raw translation key', async () => {
    const send = (language?: string) =>
      h.api<Refusal>(`/messages/${ticket.id}`, { token, body: { body: '   ' }, headers: language ? { 'accept-language': language } : {} });
    const en = await send();
    expect(en.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'body: is required', details: [{ path: 'body', rule: 'required', message: 'is required' }] });
    expect((await send('pt-BR,pt;q=0.9')).body.message).toBe('body: é obrigatório');
    expect((await send('es')).body.message).toBe('body: es obligatorio');
    const long = await h.api<Refusal>(`/messages/${ticket.id}`, { token, body: { body: 'x'.repeat(5000) }, headers: { 'accept-language': 'pt' } });
    expect(long.body.message).toBe('body: deve ter no máximo 4096 caracteres');
    // Errors other than validation: the catalogue's text in that language, the server's own words as `reason`.
    const denied = await h.api<Refusal>('/helps', { token: (await h.login()).token, body: { title: 'x' }, headers: { 'accept-language': 'es' } });
    if (denied.status === 403) expect(denied.body.message).toBe('No tienes permiso para acceder a este recurso.');
    const missing = await h.api<Refusal>('/tickets/999999', { token, headers: { 'accept-language': 'pt' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).not.toMatch(/^ERR_|validation\./);
    for (const res of [en, long, missing]) expect(JSON.stringify(res.body)).not.toMatch(/"validation\./);
  });

  it('malformed JSON is a 400 in the same shape', async () => {
    const res = await h.api<Refusal>(`/messages/${ticket.id}`, { token, body: '{"body": "oi"', headers: { 'accept-language': 'pt' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: 'Há campos faltando ou inválidos. Verifique e tente novamente.' } });
  });
});

// Whatever the parser could not take, the answer names the body in our words: never a parser's or the runtime's own.
describe('API input the parser refuses', () => {
  let h: Harness;
  let token: string;
  const internal = /RangeError|call stack|Unexpected|position \d|entity|SyntaxError|at JSON|node_modules/i;

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
  });
  afterAll(async () => h?.stop());

  it('a deeply nested body is a 400 with a catalogue code and no internal text', async () => {
    for (const depth of [5_000, 200_000]) {
      const res = await h.api<Refusal>('/tags', { token, body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}` });
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(JSON.stringify(res.body)).not.toMatch(internal);
    }
    // Deep objects too, and the server still answers the next request.
    const objects = await h.api<Refusal>('/tags', { token, body: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}` });
    expect(objects).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(JSON.stringify(objects.body)).not.toMatch(internal);
    expect((await h.api('/tags', { token })).status).toBe(200);
  });

  it('a body over the size limit is a 413 and a malformed one a 400, in our words', async () => {
    const large = await h.api<Refusal>('/tags', { token, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(large).toMatchObject({ status: 413, body: { error: 'ERR_VALIDATION' } });
    expect(JSON.stringify(large.body)).not.toMatch(internal);
    for (const body of ['{"name": "oi"', '{"name": tru}', '\u0000']) {
      const res = await h.api<Refusal>('/tags', { token, body });
      expect(res, body).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(JSON.stringify(res.body), body).not.toMatch(internal);
    }
    const charset = await h.api<Refusal>('/tags', { token, body: '{"name":"oi"}', headers: { 'content-type': 'application/json; charset=klingon' } });
    expect(charset).toMatchObject({ status: 415, body: { error: 'ERR_VALIDATION' } });
  });
});
