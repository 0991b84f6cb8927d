import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse } from '@atendo/contracts';
import { companyDecider, companyStream, handleCommand } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

describe('the external send API: POST /api/messages/send with a connection’s token', () => {
  let h: Harness;
  let token: string;
  let png: Buffer;
  let realId: number;
  let REAL_TOKEN: string;
  let DEMO_TOKEN: string;

  harnessSuite({ link: 'API' }, async (platform) => {
    ({ h, token, connectionId: realId } = platform);
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 250, g: 120, b: 0 } } }).png().toBuffer();
    REAL_TOKEN = await newToken(realId);
    DEMO_TOKEN = await newToken(h.whatsappId);
  });

  /** A send from a client address of its own per test (loopback is a trusted proxy): wrong tokens count per address. */
  const send = (bearer: string | null, body: unknown, from = '198.51.100.1') =>
    h.api<{ message?: string; ticketId?: number; error?: string }>('/api/messages/send', { body, headers: { 'x-forwarded-for': from, ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) } });
  const newToken = async (id: number) => {
    const res = await h.api<{ token: string }>(`/whatsapp/${id}/token`, { method: 'POST', token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token;
  };
  const sendFile = async (bearer: string, number: string, bytes: Buffer, name: string, caption = '') => {
    const form = new FormData();
    form.append('number', number);
    form.append('body', caption);
    form.append('medias', new Blob([bytes], { type: 'image/png' }), name);
    const res = await fetch(`${h.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form });
    return { status: res.status, body: (await res.json()) as { message?: string; ticketId?: number; error?: string } };
  };
  const eventCount = async () => Number((await h.atendo.knex('events').count('* as n'))[0]!.n);

  it('a text and an image sent with the token reach the customer’s phone, on a new pending ticket the console shows', async () => {
    const text = await send(REAL_TOKEN, { number: '+55 (11) 96666-0001', body: 'Seu pedido saiu para entrega' });
    expect(text).toMatchObject({ status: 200, body: { message: 'Message sent', ticketId: expect.any(Number) } });
    const image = await sendFile(REAL_TOKEN, '5511966660001', png, 'recibo.png', 'Seu recibo');
    expect(image).toMatchObject({ status: 200, body: { ticketId: text.body.ticketId } });
    await eventually(() =>
      expect(h.whatsapp.phones.get('5511966660001')).toEqual([
        expect.objectContaining({ text: 'Seu pedido saiu para entrega' }),
        expect.objectContaining({ text: 'Seu recibo', media: expect.objectContaining({ kind: 'image', size: png.length }) }),
      ]),
    );
    const listed = await h.api<ListTicketsResponse>('/tickets?searchParam=5511966660001&status=pending&showAll=true', { token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const tickets = listed.body.tickets;
    expect(tickets.map((t) => t.id)).toEqual([text.body.ticketId]);
    const messages = (await h.api<ListMessagesResponse>(`/messages/${text.body.ticketId}`, { token })).body.messages;
    expect(messages.map((m) => [m.fromMe, m.mediaType, m.body])).toEqual(
      expect.arrayContaining([
        [true, 'chat', 'Seu pedido saiu para entrega'],
        [true, 'image', 'Seu recibo'],
      ]),
    );
  });

  it('on the simulated connection, a text and an image reach the simulated customer', async () => {
    expect(await send(DEMO_TOKEN, { number: '5511966660002', body: 'Olá do simulador' })).toMatchObject({ status: 200 });
    expect(await sendFile(DEMO_TOKEN, '5511966660002', png, 'foto.png')).toMatchObject({ status: 200 });
    await eventually(async () => {
      const view = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/5511966660002/messages`)).json()) as { messages: Array<{ body: string; media?: unknown }> };
      expect(view.messages).toEqual([
        expect.objectContaining({ body: 'Olá do simulador' }),
        expect.objectContaining({ body: 'foto.png', media: expect.objectContaining({ mediaType: 'image', size: png.length }) }),
      ]);
    });
  });

  it('the same Idempotency-Key twice is one message', async () => {
    const key = '8a7c3f4e-6f7d-4c4b-9c1e-2f0d7f6b1a11';
    const once = () => h.api('/api/messages/send', { body: { number: '5511966660003', body: 'uma vez' }, headers: { authorization: `Bearer ${REAL_TOKEN}`, 'idempotency-key': key } });
    expect((await once()).status).toBe(200);
    expect((await once()).status).toBe(200);
    await eventually(() => expect(h.whatsapp.phones.get('5511966660003')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(h.whatsapp.phones.get('5511966660003')).toHaveLength(1);
  });

  it('refuses a missing or wrong token, a malformed number, a number without WhatsApp and an empty message, writing nothing', async () => {
    const before = await eventCount();
    expect(await send(null, { number: '5511966660004', body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await send('not-a-token', { number: '5511966660004', body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    // A user's session token is not a connection's token.
    expect(await send(token, { number: '5511966660004', body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await send(REAL_TOKEN, { number: '12ab', body: 'x' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(await send(REAL_TOKEN, { body: 'x' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await send(REAL_TOKEN, { number: '5511966660004', body: '  ' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    h.whatsapp.unknownNumbers.add('5511966660005');
    expect(await send(REAL_TOKEN, { number: '5511966660005', body: 'x' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(await eventCount()).toBe(before);
  });

  it('a connection’s token is made by the server, at least 128 bits, shown whole once and then only its last four; a chosen one is refused', async () => {
    expect(await h.api('/whatsapp', { token, body: { name: 'Escolhido', channel: 'simulator', token: 'x' } })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_TOKEN_GENERATED' } });
    const created = await h.api<{ id: number; token: string }>('/whatsapp', { token, body: { name: 'Tokens', channel: 'simulator' } });
    expect(created).toMatchObject({ status: 201, body: { token: '' } });
    const id = created.body.id;
    expect(await h.api(`/whatsapp/${id}`, { method: 'PUT', token, body: { token: 'x' } })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_TOKEN_GENERATED' } });
    const first = await newToken(id);
    expect(first).toMatch(/^[\w-]{43}$/);
    const shown = (await h.api<{ token: string }>(`/whatsapp/${id}`, { token })).body.token;
    expect(shown).toBe(`••••${first.slice(-4)}`);
    expect(JSON.stringify(await h.atendo.knex('whatsapp_tokens').select())).not.toContain(first);
    // Its connection is not connected: a token that is known answers so, one that is not answers 401.
    const tried = (bearer: string) => send(bearer, { number: '5511966660008', body: 'x' }, '198.51.100.2');
    // A form saved as it was shown keeps the token; a new one replaces it; an empty one leaves the connection without.
    expect((await h.api(`/whatsapp/${id}`, { method: 'PUT', token, body: { name: 'Tokens 2', token: shown } })).status).toBe(200);
    expect(await tried(first)).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    const second = await newToken(id);
    expect(second).not.toBe(first);
    expect(await tried(first)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await tried(second)).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect((await h.api(`/whatsapp/${id}`, { method: 'PUT', token, body: { token: '' } })).status).toBe(200);
    expect(await tried(second)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await h.api(`/whatsapp/${id}`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('wrong tokens from one address get 429 before any token is looked at, while other addresses send', async () => {
    const guesser = '203.0.113.50';
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await send(`guess-${i}`, { number: '5511966660009', body: 'x' }, guesser)).status);
    expect(answers.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    // A guess that happened to be right would not show either.
    expect(await send(REAL_TOKEN, { number: '5511966660009', body: 'x' }, guesser)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(await send(REAL_TOKEN, { number: '5511966660009', body: 'de outro endereço' }, '203.0.113.51')).toMatchObject({ status: 200 });
  });

  it('another company cannot take a connection’s token, nor turn it off', async () => {
    const b = await addCompany(h, 'Vizinha');
    const bToken = (await h.login(b.email, b.password)).token;
    expect(await h.api(`/whatsapp/${b.whatsappId}`, { method: 'PUT', token: bToken, body: { token: REAL_TOKEN } })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_TOKEN_GENERATED' } });
    expect(await send(REAL_TOKEN, { number: '5511966660010', body: 'ainda é meu' })).toMatchObject({ status: 200 });
  });

  it('sends nothing for a company switched off or past its due date, with the codes its login answers', async () => {
    const change = async (changes: Record<string, unknown>) =>
      h.atendo.readYourWrites((await handleCommand(h.atendo.store, companyDecider, companyStream(h.companyId), { type: 'update', changes }, { actor: { type: 'system' } })).position);
    try {
      await change({ status: false });
      // The company's good standing may be cached for a few seconds: an empty body (refused after the token's check,
      // before anything is sent) shows when the switch-off has reached the API.
      await eventually(async () => expect(await send(DEMO_TOKEN, {})).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_DISABLED' } }), 15_000, 500);
      expect(await send(DEMO_TOKEN, { number: '5511966660007', body: 'Desligada' })).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_DISABLED' } });
      await change({ status: true, dueDate: new Date(Date.now() - 86_400_000).toISOString() });
      expect(await send(DEMO_TOKEN, { number: '5511966660007', body: 'Vencida' })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
    } finally {
      await change({ status: true, dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    }
    expect(await send(DEMO_TOKEN, { number: '5511966660007', body: 'De volta' })).toMatchObject({ status: 200 });
    // The customer gets only what was sent while the company was in good standing.
    await eventually(async () => {
      const view = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/5511966660007/messages`)).json()) as { messages: Array<{ body: string }> };
      expect(view.messages.map((m) => m.body)).toEqual(['De volta']);
    });
  });

  it('is rate-limited per token, and documented in /openapi.json with examples', async () => {
    let last = 0;
    // From many addresses, so that it is the token's count, not an address's wrong tokens, that stops them.
    for (let i = 0; i < 61; i++) last = (await send('tok-flood', { number: '5511966660006', body: 'x' }, `198.51.100.${100 + (i % 50)}`)).status;
    expect(last).toBe(429);
    const doc = (await (await fetch(`${h.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples?: Record<string, unknown> }> } }>> };
    const op = doc.paths['/api/messages/send']!.post!;
    expect(Object.keys(op.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(op.requestBody.content['application/json']!.examples).toHaveProperty('text');
    expect(op.requestBody.content['multipart/form-data']!.examples).toHaveProperty('image');
  });
});
