import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse } from '@atendo/contracts';
import { companyDecider, companyStream, handleCommand } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';

describe('the external send API: POST /api/messages/send with a connection’s token', () => {
  let h: Harness;
  let token: string;
  let png: Buffer;
  let realId: number;
  const REAL_TOKEN = 'tok-real-7f3a9c';
  const DEMO_TOKEN = 'tok-demo-2b81d0';

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 250, g: 120, b: 0 } } }).png().toBuffer();
    realId = await h.linkNumber(token, { name: 'API', token: REAL_TOKEN, queueIds: [h.queueIds[0]] });
    expect((await h.api(`/whatsapp/${h.whatsappId}`, { method: 'PUT', token, body: { token: DEMO_TOKEN } })).status).toBe(200);
  });
  afterAll(async () => h?.stop());

  const send = (bearer: string | null, body: unknown) =>
    h.api<{ message?: string; ticketId?: number; error?: string }>('/api/messages/send', { body, headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` } });
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
    const tickets = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511966660001&status=pending&showAll=true', { token })).body.tickets;
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

  it('sends nothing for a company switched off or past its due date, with the codes its login answers', async () => {
    const change = async (changes: Record<string, unknown>) =>
      h.atendo.readYourWrites((await handleCommand(h.atendo.store, companyDecider, companyStream(h.companyId), { type: 'update', changes }, { actor: { type: 'system' } })).position);
    try {
      await change({ status: false });
      // The company's good standing may be cached for a few seconds: an empty body (refused after the token's check,
      // before anything is sent) shows when the switch-off has reached the API.
      await eventually(async () => expect(await send(DEMO_TOKEN, {})).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_DISABLED' } }), 10_000);
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
    for (let i = 0; i < 61; i++) last = (await send('tok-flood', { number: '5511966660006', body: 'x' })).status;
    expect(last).toBe(429);
    const doc = (await (await fetch(`${h.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples?: Record<string, unknown> }> } }>> };
    const op = doc.paths['/api/messages/send']!.post!;
    expect(Object.keys(op.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(op.requestBody.content['application/json']!.examples).toHaveProperty('text');
    expect(op.requestBody.content['multipart/form-data']!.examples).toHaveProperty('image');
  });
});
