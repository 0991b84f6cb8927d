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

  it('resolving asks for a rating: 1 to 3 rates the agent and gets the completion message; a message after that opens a new ticket', async () => {
    const who = '5511933330003';
    const phoneOf = async () =>
      ((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${who}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages
        .filter((m) => m.sender === 'platform')
        .map((m) => m.body);
    expect((await h.api('/settings/userRating', { method: 'PUT', token, body: { value: 'enabled' } })).status).toBe(200);
    expect((await h.api(`/whatsapp/${h.whatsappId}`, { method: 'PUT', token, body: { ratingMessage: 'Como foi o atendimento?', complationMessage: 'Obrigado! Até a próxima.' } })).status).toBe(200);
    try {
      // The gateway reads a connection's texts at most a second old.
      await new Promise((r) => setTimeout(r, 1_100));
      await h.customerSays(who, 'Preciso de ajuda', 'Lia');
      const ticketOf = () =>
        eventually(async () => {
          const found = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${who}&showAll=true`, { token })).body.tickets;
          expect(found.length).toBeGreaterThan(0);
          return found;
        });
      const [t] = await ticketOf();
      expect((await h.api(`/tickets/${t!.id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
      expect((await h.api(`/tickets/${t!.id}`, { method: 'PUT', token, body: { status: 'closed' } })).status).toBe(200);
      const question = 'Como foi o atendimento?\n\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';
      await eventually(async () => expect((await phoneOf()).at(-1)).toBe(question));
      await h.customerSays(who, 'hmm', 'Lia');
      await eventually(async () => expect((await phoneOf()).slice(-2)).toEqual([question, question]));
      await h.customerSays(who, '2', 'Lia');
      await eventually(async () => expect((await phoneOf()).at(-1)).toBe('Obrigado! Até a próxima.'));
      const rated = await eventually(async () => {
        const { rows } = (await h.atendo.knex.raw(`SELECT data FROM events WHERE event_type = 'TicketRated'`)) as { rows: Array<{ data: { ticketId: number; userId: number; rate: number } }> };
        expect(rows.length).toBe(1);
        return rows[0]!.data;
      });
      expect(rated).toMatchObject({ ticketId: t!.id, rate: 2 });
      // The answers belong to the resolved ticket; what comes next opens a new one.
      expect((await ticketOf()).length).toBe(1);
      await h.customerSays(who, 'Outra dúvida', 'Lia');
      await eventually(async () => expect((await ticketOf()).length).toBe(2));
    } finally {
      await h.api('/settings/userRating', { method: 'PUT', token, body: { value: 'disabled' } });
    }
  });

  it('an agent starts a ticket with a known contact; while one is open the answer says who holds it and in which queue', async () => {
    const who = '5511933330004';
    await h.customerSays(who, 'Oi', 'Caio');
    const first = await eventually(async () => {
      const found = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${who}&showAll=true`, { token })).body.tickets[0];
      expect(found).toBeDefined();
      return found!;
    });
    const agent = await addUser(h, 'starter@demo.test', { queueIds: [h.queueIds[0]!] });
    const agentToken = (await h.login(agent.email, agent.password)).token;
    const start = (body: Record<string, unknown>, as = agentToken) => h.api<Answer<Ticket> & { details?: Record<string, unknown> }>('/tickets', { token: as, body });
    // A queue is required of an agent, and it must be theirs.
    expect(await start({ contactId: first.contact.id })).toMatchObject({ status: 400, body: { details: [{ path: 'queueId' }] } });
    expect(await start({ contactId: first.contact.id, queueId: h.queueIds[1] })).toMatchObject({ status: 403 });
    // The contact's ticket is pending in the first queue, with nobody.
    expect(await start({ contactId: first.contact.id, queueId: h.queueIds[0] })).toMatchObject({
      status: 409,
      body: { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: first.id, userId: null, queueId: h.queueIds[0], queueName: 'Atendimento' } },
    });
    expect((await h.api(`/tickets/${first.id}`, { method: 'PUT', token, body: { status: 'closed' } })).status).toBe(200);
    const started = await start({ contactId: first.contact.id, queueId: h.queueIds[0] });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'open', userId: agent.id, queueId: h.queueIds[0], contact: { id: first.contact.id }, whatsappId: h.whatsappId });
    expect(await start({ contactId: 99_999_999, queueId: h.queueIds[0] })).toMatchObject({ status: 404 });
  });
});
