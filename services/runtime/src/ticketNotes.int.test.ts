import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListTicketsResponse, Ticket, TicketNote } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { eventCount as countEvents } from './testing/log.js';

type Answer<T> = T & { error?: string; details?: unknown };

describe('ticket notes', () => {
  let h: Harness;
  let adminToken: string;
  let ticket: Ticket;
  const eventCount = () => countEvents(h);
  const add = (note: string, token = adminToken, ids = { ticketId: ticket.id, contactId: ticket.contact.id }) => h.api<Answer<TicketNote>>('/ticket-notes', { token, body: { note, ...ids } });
  const list = (token = adminToken) => h.api<Answer<TicketNote[]>>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contact.id}`, { token });

  beforeAll(async () => {
    h = await startHarness();
    adminToken = (await h.login()).token;
    await h.customerSays('5511966660001', 'Preciso de ajuda com a fatura', 'Dona Nota');
    ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511966660001&showAll=true', { token: adminToken })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    });
  });
  afterAll(async () => h?.stop());

  it('staff add notes to a ticket and read them newest first, with who wrote them', async () => {
    const first = await add('Cliente pediu segunda via');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ note: 'Cliente pediu segunda via', ticketId: ticket.id, contactId: ticket.contact.id, user: { name: expect.any(String) } });
    expect(first.body.user.name.length).toBeGreaterThan(0);
    await add('Enviado por e-mail');
    expect((await list()).body.map((n) => n.note)).toEqual(['Enviado por e-mail', 'Cliente pediu segunda via']);
  });

  it('refuses a note under 2 characters, or a contact that is not the ticket’s, writing nothing', async () => {
    const before = await eventCount();
    expect(await add(' a ')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'note' }] } });
    expect(await add('')).toMatchObject({ status: 400 });
    expect(await add('Contato errado', adminToken, { ticketId: ticket.id, contactId: ticket.contact.id + 1000 })).toMatchObject({ status: 400, body: { details: [{ path: 'contactId' }] } });
    expect(await add('Ticket inexistente', adminToken, { ticketId: 99_999_999, contactId: ticket.contact.id })).toMatchObject({ status: 404 });
    expect(await eventCount()).toBe(before);
  });

  it('only those who may see the ticket read or add notes; a note is deleted by its author or an admin', async () => {
    // The ticket has no queue yet: an agent of the company sees it; another company's admin does not.
    const author = await addUser(h, 'note-author@demo.test', { queueIds: h.queueIds });
    const other = await addUser(h, 'note-other@demo.test', { queueIds: h.queueIds });
    const authorToken = (await h.login(author.email, author.password)).token;
    const otherToken = (await h.login(other.email, other.password)).token;
    const mine = (await add('Anotação da agente', authorToken)).body;
    expect(mine.user.name).toBe('note-author');
    expect(await h.api(`/ticket-notes/${mine.id}`, { method: 'DELETE', token: otherToken })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

    const b = await addCompany(h, 'Empresa Alheia de Notas');
    const bToken = (await h.login(b.email, b.password)).token;
    expect((await list(bToken)).status).toBe(404);
    expect((await add('Intrusa', bToken)).status).toBe(404);
    expect((await h.api(`/ticket-notes/${mine.id}`, { method: 'DELETE', token: bToken })).status).toBe(404);

    expect((await h.api(`/ticket-notes/${mine.id}`, { method: 'DELETE', token: authorToken })).status).toBe(200);
    const someone = (await add('Do admin, apagada pelo admin')).body;
    expect((await h.api(`/ticket-notes/${someone.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    expect((await list()).body.map((n) => n.note)).not.toContain('Anotação da agente');
    expect((await h.api<Answer<object>>(`/ticket-notes/${mine.id}`, { method: 'DELETE', token: adminToken })).body.error).toBe('ERR_TICKET_NOTE_NOT_FOUND');
  });
});
