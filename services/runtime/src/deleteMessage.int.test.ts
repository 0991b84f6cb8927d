import { describe, expect, it } from 'vitest';
import type { ListTicketsResponse, Message } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addUser } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

/** Deleting one's own message (spec: DELETE /messages/{id}; only one's own): shown deleted, and gone from the phone. */
describe('deleting a sent message', () => {
  let h: Harness;
  let token: string;

  harnessSuite({}, (platform) => {
    ({ h, token } = platform);
  });

  async function openTicket(who: string) {
    await h.customerSays(who, 'Oi', 'Lia');
    const id = await eventually(async () => {
      const [t] = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${who}&showAll=true`, { token })).body.tickets;
      expect(t).toBeDefined();
      return t!.id;
    });
    await h.api(`/tickets/${id}`, { method: 'PUT', token, body: { status: 'open' } });
    return id;
  }

  it('simulator: the agent’s message shows deleted, the customer’s phone has it deleted for everyone; twice is once', async () => {
    const who = '5511977710001';
    const ticketId = await openTicket(who);
    const sent = (await h.api<Message>(`/messages/${ticketId}`, { token, body: { body: 'Mensagem enviada por engano' } })).body;
    const phone = async () =>
      ((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${who}/messages`)).json()) as { messages: Array<{ sender: string; body: string; deleted?: boolean }> }).messages.filter((m) => m.sender === 'platform');
    await eventually(async () => expect((await phone()).map((m) => m.body)).toContain('Mensagem enviada por engano'));
    // Sent (its WhatsApp id recorded) before it is deleted, so WhatsApp is told.
    await eventually(async () => expect((await h.api<{ messages: Message[] }>(`/messages/${ticketId}`, { token })).body.messages.find((m) => m.id === sent.id)?.ack).toBeGreaterThanOrEqual(1));

    expect(await h.api(`/messages/${sent.id}`, { method: 'DELETE', token })).toMatchObject({ status: 200 });
    expect(await h.api(`/messages/${sent.id}`, { method: 'DELETE', token })).toMatchObject({ status: 200 });
    const shown = (await h.api<{ messages: Message[] }>(`/messages/${ticketId}`, { token })).body.messages.find((m) => m.id === sent.id);
    expect(shown?.isDeleted).toBe(true);
    await eventually(async () => expect((await phone()).find((m) => m.body === 'Mensagem enviada por engano')?.deleted).toBe(true));
    const events = (await h.atendo.knex.raw(`SELECT count(*) AS n FROM events WHERE event_type = 'MessageDeleted'`)) as { rows: Array<{ n: string }> };
    expect(Number(events.rows[0]!.n)).toBe(1);
  });

  it('Baileys: WhatsApp is asked to delete it for everyone', async () => {
    const connectionId = await h.linkNumber(token, { name: 'Apagar', queueIds: [h.queueIds[0]] });
    const who = '5511977710003';
    h.whatsapp.customerSays(connectionId, who, 'Oi', { pushName: 'Rui' });
    const ticketId = await eventually(async () => {
      const [t] = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${who}&showAll=true`, { token })).body.tickets;
      expect(t).toBeDefined();
      return t!.id;
    });
    await h.api(`/tickets/${ticketId}`, { method: 'PUT', token, body: { status: 'open' } });
    const sent = (await h.api<Message>(`/messages/${ticketId}`, { token, body: { body: 'Não era para você' } })).body;
    await eventually(async () => expect(h.whatsapp.phones.get(who)?.map((m) => m.text)).toContain('Não era para você'));
    await eventually(async () => expect((await h.api<{ messages: Message[] }>(`/messages/${ticketId}`, { token })).body.messages.find((m) => m.id === sent.id)?.ack).toBeGreaterThanOrEqual(1));
    expect((await h.api(`/messages/${sent.id}`, { method: 'DELETE', token })).status).toBe(200);
    await eventually(async () => expect(h.whatsapp.phones.get(who)?.find((m) => m.text === 'Não era para você')?.deleted).toBe(true));
  });

  it('only one’s own: a customer’s message and another agent’s are refused; an unknown id is not found', async () => {
    const who = '5511977710002';
    const ticketId = await openTicket(who);
    const sent = (await h.api<Message>(`/messages/${ticketId}`, { token, body: { body: 'Do admin' } })).body;
    const customers = (await h.api<{ messages: Message[] }>(`/messages/${ticketId}`, { token })).body.messages.find((m) => !m.fromMe)!;
    expect(await h.api(`/messages/${customers.id}`, { method: 'DELETE', token })).toMatchObject({ status: 403 });
    const colleague = await addUser(h, 'colega@delete.test', { profile: 'admin' });
    const colleagueToken = (await h.login(colleague.email, colleague.password)).token;
    expect(await h.api(`/messages/${sent.id}`, { method: 'DELETE', token: colleagueToken })).toMatchObject({ status: 403 });
    expect(await h.api('/messages/nao-existe-123', { method: 'DELETE', token })).toMatchObject({ status: 404 });
    expect(await h.api(`/messages/${encodeURIComponent('x y;')}`, { method: 'DELETE', token })).toMatchObject({ status: 400 });
  });
});
