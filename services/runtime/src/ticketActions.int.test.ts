import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListTicketsResponse, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

type Answer<T> = T & { error?: string };

describe('ticket actions: accept with a greeting, transfer', () => {
  let h: Harness;
  let token: string;
  const number = '5511933330001';
  let ticket: Ticket;
  const put = (body: Record<string, unknown>, as = token) => h.api<Answer<Ticket>>(`/tickets/${ticket.id}`, { method: 'PUT', token: as, body });
  const phone = async () =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages
      .filter((m) => m.sender === 'platform')
      .map((m) => m.body);

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    await h.customerSays(number, 'Quero falar de uma compra', 'Rita');
    ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    });
    expect((await put({ status: 'open' })).status).toBe(200);
    expect((await h.api('/settings/sendMsgTransfTicket', { method: 'PUT', token, body: { value: 'enabled' } })).status).toBe(200);
  });
  afterAll(async () => h?.stop());

  it('to another queue: pending there without an agent, and the customer is told which', async () => {
    const vendas = h.queueIds[1]!;
    const moved = await put({ queueId: vendas, userId: null });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'pending', queueId: vendas, userId: null, queue: { name: 'Vendas' } });
    await eventually(async () => expect(await phone()).toContain('Você foi transferido para a fila *Vendas*.'));
  });

  it('to an agent: theirs and open, and the customer is told who', async () => {
    const agent = await addUser(h, 'transfer-agent@demo.test', { queueIds: h.queueIds });
    const moved = await put({ userId: agent.id });
    expect(moved.body).toMatchObject({ status: 'open', userId: agent.id });
    await eventually(async () => expect(await phone()).toContain('Você foi transferido para o atendente *transfer-agent*.'));
    // Another agent may not send it on; its agent may.
    const other = await addUser(h, 'transfer-other@demo.test', { queueIds: h.queueIds });
    const otherToken = (await h.login(other.email, other.password)).token;
    expect(await put({ queueId: h.queueIds[0] }, otherToken)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const agentToken = (await h.login(agent.email, agent.password)).token;
    expect((await put({ queueId: h.queueIds[0], userId: null }, agentToken)).body).toMatchObject({ status: 'pending', queueId: h.queueIds[0], userId: null });
  });

  it("refuses another company's queue, user or connection, and a closed ticket", async () => {
    const b = await addCompany(h, 'Empresa de Transferências');
    expect(await put({ whatsappId: b.whatsappId })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await put({ userId: b.id })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await put({ queueId: 99_999 })).toMatchObject({ status: 404, body: { error: 'ERR_QUEUE_NOT_FOUND' } });
    expect((await put({ status: 'closed' })).status).toBe(200);
    expect(await put({ queueId: h.queueIds[1] })).toMatchObject({ body: { error: 'ERR_TICKET_CLOSED' } });
  });

  it('accepting greets the customer by the agent’s name when sendGreetingAccepted is on', async () => {
    const other = '5511933330002';
    const phoneOf = async (n: string) =>
      ((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${n}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages
        .filter((m) => m.sender === 'platform')
        .map((m) => m.body);
    expect((await h.api('/settings/sendGreetingAccepted', { method: 'PUT', token, body: { value: 'enabled' } })).status).toBe(200);
    await h.customerSays(other, 'Bom dia', 'Teo');
    const t = await eventually(async () => {
      const found = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${other}&showAll=true`, { token })).body.tickets[0];
      expect(found).toBeDefined();
      return found!;
    });
    expect((await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
    await eventually(async () => expect(await phoneOf(other)).toEqual(['Olá, *Teo*! Meu nome é *Demo Admin* e vou continuar o seu atendimento.']));
  });
});
