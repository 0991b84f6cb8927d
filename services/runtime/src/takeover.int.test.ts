import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';

/**
 * Bots and people share one conversation (issue 11): a reply typed on the connected phone (simulator and Baileys)
 * shows in the conversation and silences the bot; an integration pauses and resumes the bot through the API.
 */
describe('a person takes over from the bot', () => {
  let h: Harness;
  let token: string;
  let simulated: number;
  let baileys: number;
  let customers = 0;
  const MAIN = 'Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte';

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    const queue = async (body: Record<string, unknown>) => (await h.api<Queue>('/queue', { token, body })).body;
    const vendas = await queue({ name: 'Vendas', color: '#4caf50', greetingMessage: 'Vendas aqui.', orderQueue: 1 });
    const suporte = await queue({ name: 'Suporte', color: '#2196f3', greetingMessage: 'Suporte aqui.', orderQueue: 2 });
    const body = { greetingMessage: 'Olá! Escolha um setor:', queueIds: [vendas.id, suporte.id] };
    const created = await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'Balcão', channel: 'simulator', ...body } });
    simulated = created.body.id;
    await h.pair(simulated);
    baileys = await h.linkNumber(token, { name: 'Celular', ...body });
  });
  afterAll(async () => h?.stop());

  const number = () => `55119666${String(++customers).padStart(5, '0')}`;
  const phoneOf = async (connectionId: number, who: string) =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${who}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages;
  const ticketOf = (who: string, expected: Partial<Ticket> = {}) =>
    eventually(async () => {
      const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', who).first('t.id', 't.chatbot', 't.status');
      expect(row).toBeDefined();
      const t = { id: Number(row.id), chatbot: row.chatbot as boolean, status: row.status as string };
      expect(t).toMatchObject(expected);
      return t;
    });
  const messagesOf = async (who: string) =>
    (await h.atendo.knex('messages as m').join('contacts as c', 'c.id', 'm.contact_id').where('c.number', who).orderBy('m.ordinal').select('m.body', 'm.from_me', 'm.user_id')) as Array<{ body: string; from_me: boolean; user_id: number | null }>;

  it('simulator: the phone’s reply shows as sent and the bot says nothing more', async () => {
    const who = number();
    await h.customerSays(who, 'Oi', 'Ana', simulated);
    await eventually(async () => expect((await phoneOf(simulated, who)).filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual([MAIN]));
    await ticketOf(who, { chatbot: true });
    const typed = await fetch(`${h.simulator.url}/simulator/sessions/${simulated}/customers/${who}/phone`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Oi Ana, é a Bia. Te ajudo por aqui.' }) });
    expect(typed.status).toBe(202);
    await eventually(async () => expect(await messagesOf(who)).toContainEqual({ body: 'Oi Ana, é a Bia. Te ajudo por aqui.', from_me: true, user_id: null }));
    await ticketOf(who, { chatbot: false, status: 'pending' });
    await h.customerSays(who, '1', 'Ana', simulated);
    await eventually(async () => expect((await messagesOf(who)).at(-1)).toMatchObject({ body: '1', from_me: false }));
    await new Promise((r) => setTimeout(r, 500));
    // Only the first menu ever reached the customer from the platform.
    expect((await phoneOf(simulated, who)).filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual([MAIN]);
  });

  it('Baileys: a reply typed on the phone stops the bot; the platform’s own sends echoed back are not counted twice', async () => {
    const who = number();
    h.whatsapp.customerSays(baileys, who, 'Bom dia', { pushName: 'Caio' });
    await eventually(async () => expect(h.whatsapp.phones.get(who)?.map((m) => m.text)).toEqual([MAIN]));
    // The menu's echo (fromMe, `append`) came back: still one message from the platform.
    await new Promise((r) => setTimeout(r, 300));
    expect((await messagesOf(who)).filter((m) => m.from_me)).toHaveLength(1);
    h.whatsapp.phoneTypes(baileys, who, 'Caio, já vou te atender.');
    await eventually(async () => expect(await messagesOf(who)).toContainEqual({ body: 'Caio, já vou te atender.', from_me: true, user_id: null }));
    await ticketOf(who, { chatbot: false });
    h.whatsapp.customerSays(baileys, who, '2', { pushName: 'Caio' });
    await eventually(async () => expect((await messagesOf(who)).at(-1)).toMatchObject({ body: '2', from_me: false }));
    await new Promise((r) => setTimeout(r, 500));
    expect(h.whatsapp.phones.get(who)?.map((m) => m.text)).toEqual([MAIN]);
  });

  it('an agent or integration pauses and resumes the bot on a ticket', async () => {
    const who = number();
    await h.customerSays(who, 'Olá', 'Eva', simulated);
    const t = await ticketOf(who, { chatbot: true });
    const put = (paused: unknown) => h.api<Ticket & { code?: string }>(`/tickets/${t.id}/bot`, { method: 'PUT', token, body: { paused } });
    expect(await put('yes')).toMatchObject({ status: 400 });
    expect(await put(true)).toMatchObject({ status: 200, body: { chatbot: false } });
    await h.customerSays(who, 'tem alguém?', 'Eva', simulated);
    await eventually(async () => expect((await messagesOf(who)).at(-1)).toMatchObject({ body: 'tem alguém?' }));
    await new Promise((r) => setTimeout(r, 500));
    expect((await phoneOf(simulated, who)).filter((m) => m.sender === 'platform')).toHaveLength(1);
    expect(await put(false)).toMatchObject({ status: 200, body: { chatbot: true } });
    await h.customerSays(who, 'oi de novo', 'Eva', simulated);
    await eventually(async () => expect((await phoneOf(simulated, who)).filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual([MAIN, MAIN]));
    // A ticket a person accepted never goes back to the bot.
    expect((await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
    expect(await put(false)).toMatchObject({ status: 409, body: { error: 'ERR_INVALID_TICKET_TRANSITION' } });
  });

  it('the external API pauses the bot on a number’s ticket with the connection’s token', async () => {
    const who = number();
    await h.customerSays(who, 'Oi', 'Rui', simulated);
    const t = await ticketOf(who, { chatbot: true });
    const secret = (await h.api<{ token: string }>(`/whatsapp/${simulated}/token`, { method: 'POST', token })).body.token;
    const call = (body: unknown, bearer = secret) => h.api<{ ticketId?: number; code?: string }>('/api/tickets/bot', { method: 'PUT', body, headers: { authorization: `Bearer ${bearer}` } });
    expect(await call({ number: who, paused: true }, 'nope')).toMatchObject({ status: 401 });
    expect(await call({ number: '5511000000000', paused: true })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await call({ number: who, paused: true })).toMatchObject({ status: 200, body: { ticketId: t.id } });
    await ticketOf(who, { chatbot: false });
  });
});
