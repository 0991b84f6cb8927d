import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Message, Ticket } from '@atendo/contracts';
import { companyDecider, companyStream, handleCommand } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { signAccessToken } from '@atendo/api';
import { addCompany, addUser } from './testing/accounts.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

describe('walking skeleton: a WhatsApp conversation end to end', () => {
  let h: Harness;
  let token: string;
  harnessSuite({}, (platform) => {
    ({ h, token } = platform);
  });

  const pending = async () => (await h.api<ListTicketsResponse>('/tickets?status=pending', { token })).body;
  const ticketOf = async (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return t;
    });

  describe('auth', () => {
    it('logs in with the spec’s answer and a rotating httpOnly refresh cookie', async () => {
      const res = await fetch(`${h.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^jrt=[^;]+; Max-Age=\d+; Path=\/auth; Expires=.*HttpOnly; SameSite=Strict/);
      const body = (await res.json()) as { token: string; user: Record<string, unknown> };
      expect(body.user).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin', companyId: h.companyId, company: { name: 'Demo Company', dueDate: expect.any(String) } });
      expect((body.user.company as { settings: unknown[] }).settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
      const me = await h.api<{ id: number; queues: unknown[] }>('/auth/me', { token: body.token });
      expect(me.body.queues).toHaveLength(2);
    });

    it('refuses wrong credentials, missing and expired tokens with the catalogue codes', async () => {
      expect(await h.api('/auth/login', { body: { email: ADMIN_EMAIL, password: 'wrong' } })).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
      expect(await h.api('/auth/login', { body: { email: 'nobody@x.test', password: 'wrong' } })).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
      expect(await h.api('/auth/login', { body: { email: 'not-an-email' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(await h.api('/auth/login', { body: '{oops', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(await h.api('/tickets')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
      const expired = signAccessToken({ userId: 1, companyId: h.companyId, profile: 'admin', super: false }, h.atendo.jwtSecret, 1, Date.now() - 10_000);
      expect(await h.api('/tickets', { token: expired })).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    });

    it('rotates the refresh token and revokes the family when an old one is replayed', async () => {
      const { cookie } = await h.login();
      const refresh = (c: string) => fetch(`${h.url}/auth/refresh_token`, { method: 'POST', headers: { cookie: c } });
      const first = await refresh(cookie);
      expect(first.status).toBe(200);
      expect(((await first.json()) as { token: string }).token).toBeTruthy();
      const rotated = first.headers.get('set-cookie')!.split(';')[0]!;
      expect(rotated).not.toBe(cookie);
      // The old cookie again, after the grace two tabs refreshing at once get: someone replays it, so the whole
      // family dies, the new one too.
      await h.atendo.knex('refresh_tokens').whereNotNull('rotated_at').update({ rotated_at: h.atendo.knex.raw(`now() - interval '1 hour'`) });
      expect((await refresh(cookie)).status).toBe(401);
      expect((await refresh(rotated)).status).toBe(401);
      expect((await fetch(`${h.url}/auth/refresh_token`, { method: 'POST' })).status).toBe(401);
    });

    it('logs out: the refresh cookie no longer works', async () => {
      const { cookie } = await h.login();
      expect((await fetch(`${h.url}/auth/logout`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
      expect((await fetch(`${h.url}/auth/refresh_token`, { method: 'POST', headers: { cookie } })).status).toBe(401);
    });

    it('refuses a login whose company’s due date has passed, but for its admins (who sign in to pay)', async () => {
      const due = new Date(Date.now() - 86_400_000).toISOString();
      await handleCommand(h.atendo.store, companyDecider, companyStream(h.companyId), { type: 'update', changes: { dueDate: due } }, { actor: { type: 'system' } }).then((r) => h.atendo.readYourWrites(r.position));
      try {
        const agent = await addUser(h, 'late.agent@demo.test');
        const res = await h.api('/auth/login', { body: { email: agent.email, password: agent.password } });
        expect(res).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: due } } });
        expect(await h.api('/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).toMatchObject({ status: 200, body: { user: { company: { dueDate: due } } } });
      } finally {
        const back = new Date(Date.now() + 30 * 86_400_000).toISOString();
        await handleCommand(h.atendo.store, companyDecider, companyStream(h.companyId), { type: 'update', changes: { dueDate: back } }, { actor: { type: 'system' } }).then((r) => h.atendo.readYourWrites(r.position));
      }
    });
  });

  describe('the conversation', () => {
    it('a customer writes, the agent sees it live, accepts, replies, the customer gets it with acks, and it is resolved', async () => {
      const feed = await h.socket(token);
      await h.customerSays('5511988880001', 'Oi! Meu pedido não chegou', 'Bruna');
      const ticket = await ticketOf('5511988880001');
      expect(ticket).toMatchObject({ status: 'pending', contact: { name: 'Bruna', number: '5511988880001' }, lastMessage: 'Oi! Meu pedido não chegou', unreadMessages: 1, queue: { name: 'Atendimento' }, whatsapp: { name: 'Demo WhatsApp' } });
      await eventually(() => expect(feed.entries(`company-${h.companyId}-ticket`)).toContainEqual({ action: 'update', ticket: expect.objectContaining({ id: ticket.id, status: 'pending' }) }));
      expect(feed.entries(`company-${h.companyId}-appMessage`)).toContainEqual(expect.objectContaining({ action: 'create', message: expect.objectContaining({ body: 'Oi! Meu pedido não chegou', fromMe: false }) }));

      const accepted = await h.api<Ticket>(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open' } });
      expect(accepted).toMatchObject({ status: 200, body: { status: 'open', user: { name: 'Demo Admin' } } });

      const read = await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token });
      expect(read.body.messages.map((m) => m.body)).toEqual(['Oi! Meu pedido não chegou']);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-ticket`)).toContainEqual({ action: 'updateUnread', ticketId: ticket.id }));

      const sent = await h.api<Message>(`/messages/${ticket.id}`, { method: 'POST', token, body: { body: 'Oi Bruna! Vou verificar agora.' } });
      expect(sent).toMatchObject({ status: 201, body: { fromMe: true, body: 'Oi Bruna! Vou verificar agora.', ack: 0 } });
      await eventually(async () => {
        const customer = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/5511988880001/messages`)).json()) as { messages: Array<{ body: string; sender: string }> };
        expect(customer.messages.map((m) => m.body)).toContain('Oi Bruna! Vou verificar agora.');
      });
      await eventually(async () => {
        const messages = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages;
        expect(messages.find((m) => m.fromMe)?.ack).toBe(3);
      });
      const acks = feed.entries(`company-${h.companyId}-appMessage`).filter((p) => p.action === 'update').map((p) => (p.message as Message).ack);
      expect(acks).toEqual([1, 2, 3]);

      const resolved = await h.api<Ticket>(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'closed' } });
      expect(resolved.body.status).toBe('closed');
      expect(await h.api(`/messages/${ticket.id}`, { method: 'POST', token, body: { body: 'too late' } })).toMatchObject({ status: 409, body: { error: 'ERR_TICKET_CLOSED' } });
      feed.close();
    });

    it('a customer’s next messages join the open ticket; after resolving, a new ticket opens', async () => {
      await h.customerSays('5511988880002', 'primeira');
      const first = await ticketOf('5511988880002');
      await h.customerSays('5511988880002', 'segunda');
      await eventually(async () => expect((await h.api<Ticket>(`/tickets/${first.id}`, { token })).body.unreadMessages).toBe(2));
      await h.api(`/tickets/${first.id}`, { method: 'PUT', token, body: { status: 'closed' } });
      await h.customerSays('5511988880002', 'terceira');
      const second = await eventually(async () => {
        const list = (await pending()).tickets.filter((t) => t.contact.number === '5511988880002');
        expect(list).toHaveLength(1);
        return list[0]!;
      });
      expect(second.id).not.toBe(first.id);
      expect(second.contact.id).toBe(first.contact.id);
    });

    it('two agents accepting the same ticket at once: exactly one wins, the other is told', async () => {
      const other = await addUser(h, 'agent2@demo.test', { password: 'Agent-pass-123', queueIds: h.queueIds });
      const otherToken = (await h.login(other.email, other.password)).token;
      await h.customerSays('5511988880003', 'alguém?');
      const ticket = await ticketOf('5511988880003');
      const [a, b] = await Promise.all([
        h.api<Ticket>(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open' } }),
        h.api<Ticket>(`/tickets/${ticket.id}`, { method: 'PUT', token: otherToken, body: { status: 'open' } }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body).toMatchObject({ error: 'ERR_TICKET_ALREADY_ACCEPTED' });
      const winner = (a.status === 200 ? a : b).body as Ticket;
      expect((await h.api<Ticket>(`/tickets/${ticket.id}`, { token })).body.userId).toBe(winner.userId);
    });

    it('a redelivered WhatsApp message never makes a second message', async () => {
      await h.customerSays('5511988880004', 'uma vez só');
      const ticket = await ticketOf('5511988880004');
      const [message] = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages;
      // WhatsApp sends the same message again (e.g. our ack was lost): same id, same number.
      await h.atendo.gateway!.sink.inbound({ connectionId: h.whatsappId, providerMessageId: message!.id, from: '5511988880004', body: 'uma vez só', mediaType: 'chat', timestamp: Date.now() });
      await h.atendo.gateway!.sink.inbound({ connectionId: h.whatsappId, providerMessageId: message!.id, from: '5511988880004', body: 'uma vez só', mediaType: 'chat', timestamp: Date.now() });
      const events = await h.atendo.store.readStream(`contact-${h.companyId}.5511988880004`);
      expect(events.filter((e) => e.type === 'MessageReceived')).toHaveLength(1);
      expect((await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.count).toBe(1);
    });

    it('a retried send with the same Idempotency-Key is one message', async () => {
      await h.customerSays('5511988880005', 'oi');
      const ticket = await ticketOf('5511988880005');
      await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open' } });
      const key = crypto.randomUUID();
      const send = () => h.api<Message>(`/messages/${ticket.id}`, { method: 'POST', token, body: { body: 'resposta' }, headers: { 'idempotency-key': key } });
      const [one, two] = [await send(), await send()];
      expect(one.body.id).toBe(two.body.id);
      expect((await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages.filter((m) => m.fromMe)).toHaveLength(1);
      expect(await h.api(`/messages/${ticket.id}`, { method: 'POST', token, body: { body: '   ' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(await h.api(`/messages/${ticket.id}`, { method: 'POST', token, body: { body: 'x'.repeat(4097) } })).toMatchObject({ status: 400 });
    });

    it('an Idempotency-Key reused on another ticket is refused with 409 and never touches the first message', async () => {
      const open = async (number: string) => {
        await h.customerSays(number, 'olá');
        const t = await ticketOf(number);
        await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'open' } });
        return t;
      };
      const [a, b] = [await open('5511988880009'), await open('5511988880010')];
      const key = crypto.randomUUID();
      const send = (ticketId: number, body: string) => h.api<Message>(`/messages/${ticketId}`, { method: 'POST', token, body: { body }, headers: { 'idempotency-key': key } });
      const first = await send(a.id, 'para a Ana');
      expect(first.status).toBe(201);
      expect(await send(b.id, 'para o Bruno')).toMatchObject({ status: 409, body: { error: 'ERR_IDEMPOTENCY_KEY_REUSED' } });
      // The same key on its own ticket is still the same message, once.
      expect((await send(a.id, 'para a Ana')).body.id).toBe(first.body.id);
      const mine = async (ticketId: number) => (await h.api<ListMessagesResponse>(`/messages/${ticketId}`, { token })).body.messages.filter((m) => m.fromMe);
      expect((await mine(a.id)).map((m) => [m.id, m.body])).toEqual([[first.body.id, 'para a Ana']]);
      expect(await mine(b.id)).toEqual([]);

      // Two tabs racing with one key on two tickets: one wins, the other is told.
      const raced = crypto.randomUUID();
      const race = await Promise.all([a.id, b.id].map((id) => h.api(`/messages/${id}`, { method: 'POST', token, body: { body: 'corrida' }, headers: { 'idempotency-key': raced } })));
      expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
      expect((await mine(a.id)).length + (await mine(b.id)).length).toBe(2);
    });

    it('an admin deletes a ticket: it leaves every list live, its messages go, an agent may not', async () => {
      await h.customerSays('5511988880008', 'apagar');
      const ticket = await ticketOf('5511988880008');
      const agent = await addUser(h, 'agent3@demo.test', { password: 'Agent-pass-123', queueIds: h.queueIds });
      const agentToken = (await h.login(agent.email, agent.password)).token;
      expect(await h.api(`/tickets/${ticket.id}`, { method: 'DELETE', token: agentToken })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      const feed = await h.socket(agentToken);
      expect((await h.api(`/tickets/${ticket.id}`, { method: 'DELETE', token })).status).toBe(200);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-ticket`)).toContainEqual({ action: 'delete', ticketId: ticket.id }));
      expect(await h.api(`/tickets/${ticket.id}`, { token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
      expect(Number((await h.atendo.knex('messages').where({ ticket_id: ticket.id }).count('* as c'))[0]!.c)).toBe(0);
      feed.close();
    });

    it('a user outside the ticket’s queue may not open it; one of the queue may', async () => {
      await h.customerSays('5511988880006', 'fila');
      const ticket = await ticketOf('5511988880006');
      const outsider = await addUser(h, 'outsider@demo.test', { password: 'Outsider-123', queueIds: [h.queueIds[1]!] });
      const outsiderToken = (await h.login(outsider.email, outsider.password)).token;
      expect(await h.api(`/tickets/${ticket.id}`, { token: outsiderToken })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token: outsiderToken, body: { status: 'open' } })).toMatchObject({ status: 403 });
      const list = (await h.api<ListTicketsResponse>('/tickets?status=pending', { token: outsiderToken })).body.tickets;
      expect(list.find((t) => t.id === ticket.id)).toBeUndefined();
    });
  });

  describe('tenancy', () => {
    it('another company’s ids are invisible on every route', async () => {
      await h.customerSays('5511988880007', 'da empresa A');
      const ticket = await ticketOf('5511988880007');
      const [message] = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages;
      const b = await addCompany(h, 'Other Company');
      const tokenB = (await h.login(b.email, b.password)).token;
      const probes: Array<[string, string, unknown?]> = [
        ['GET', `/tickets/${ticket.id}`],
        ['GET', `/tickets/u/${ticket.uuid}`],
        ['PUT', `/tickets/${ticket.id}`, { status: 'open' }],
        ['GET', `/messages/${ticket.id}`],
        ['POST', `/messages/${ticket.id}`, { body: 'intrusion' }],
        ['GET', `/whatsapp/${h.whatsappId}`],
        ['POST', `/whatsappsession/${h.whatsappId}`],
        ['DELETE', `/whatsappsession/${h.whatsappId}`],
        ['DELETE', `/tickets/${ticket.id}`],
      ];
      for (const [method, path, body] of probes) {
        const res = await h.api<{ error: string }>(path, { method, token: tokenB, body });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await h.api<ListTicketsResponse>('/tickets', { token: tokenB })).body.tickets).toEqual([]);
      expect((await h.api<unknown[]>('/whatsapp', { token: tokenB })).body.map((w) => (w as { id: number }).id)).toEqual([b.whatsappId]);
      expect((await h.api<unknown[]>('/queue', { token: tokenB })).body).toEqual([]);
      expect(message).toBeDefined();
      // And company A's ticket is untouched.
      expect((await h.api<Ticket>(`/tickets/${ticket.id}`, { token })).body.status).toBe('pending');
    });
  });
});
