import { describe, expect, it } from 'vitest';
import type { KanbanResponse, ListTicketsResponse, Tag, TagPage, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany, addUser, type TestUser } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';
import { userEventCount } from './testing/log.js';

type Answer<T> = T & { error?: string; details?: unknown };

describe('tags, ticket tags and the kanban', () => {
  let h: Harness;
  let adminToken: string;
  let agentToken: string;
  let b: TestUser & { whatsappId: number };
  let bToken: string;
  // Events a user's request caused (customers' messages, the bot and acks go on in the background).
  const eventCount = () => userEventCount(h);
  const create = (body: Record<string, unknown>, token = adminToken) => h.api<Answer<Tag>>('/tags', { token, body });
  const change = (id: number, body: Record<string, unknown>, token = adminToken) => h.api<Answer<Tag>>(`/tags/${id}`, { method: 'PUT', token, body });
  const sync = (ticketId: number, ids: number[], token = adminToken) => h.api<Answer<{ tags: Ticket['tags'] }>>('/tags/sync', { token, body: { ticketId, tags: ids.map((id) => ({ id })) } });
  const kanban = async (token = adminToken, query = '') => (await h.api<Answer<KanbanResponse>>(`/ticket/kanban${query}`, { token })).body;
  const ticketOf = async (number: string, text: string, name: string, token = adminToken, whatsappId?: number) => {
    await h.customerSays(number, text, name, whatsappId);
    return eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    });
  };

  harnessSuite({ other: 'Empresa B das Tags' }, async (platform) => {
    ({ h, token: adminToken, b, bToken } = platform);
    const agent = await addUser(h, 'tag-agent@demo.test', { queueIds: [h.queueIds[0]!] });
    agentToken = (await h.login(agent.email, agent.password)).token;
  });

  it('adds, reads, pages, searches, changes and deletes tags, and the console hears of each change', async () => {
    const feed = await h.socket(adminToken);
    try {
      const created = await create({ name: 'Urgente', color: '#FF0000' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Urgente', color: '#ff0000', kanban: 0, ticketsCount: 0, userId: expect.any(Number) });
      const id = created.body.id;
      expect((await create({ name: 'Sem cor' })).body).toMatchObject({ color: '#a4cccc', kanban: 0 });
      expect((await h.api<Tag>(`/tags/${id}`, { token: adminToken })).body.name).toBe('Urgente');
      await eventually(() => expect(feed.entries(`company-${h.companyId}-tag`)).toContainEqual({ action: 'create', tag: created.body }));

      for (let i = 0; i < 21; i++) await create({ name: `Lote ${String(i).padStart(2, '0')}` });
      const first = (await h.api<TagPage>('/tags?searchParam=lote', { token: adminToken })).body;
      expect(first.tags).toHaveLength(20);
      expect(first.hasMore).toBe(true);
      expect(first.tags[0]!.name).toBe('Lote 00');
      const second = (await h.api<TagPage>('/tags?searchParam=lote&pageNumber=2', { token: adminToken })).body;
      expect(second).toMatchObject({ tags: [{ name: 'Lote 20' }], hasMore: false });
      // A search's % and _ are looked for as themselves.
      expect((await h.api<TagPage>('/tags?searchParam=%25', { token: adminToken })).body.tags).toEqual([]);

      const edited = await change(id, { name: 'Muito urgente', kanban: 1 });
      expect(edited.body).toMatchObject({ name: 'Muito urgente', color: '#ff0000', kanban: 1 });
      expect((await h.api<{ lista: Tag[] }>('/tags/kanban', { token: adminToken })).body.lista.map((t) => t.name)).toEqual(['Muito urgente']);
      expect((await h.api<Tag[]>('/tags/list', { token: adminToken })).body.map((t) => t.name)).toContain('Sem cor');
      expect((await h.api<Tag[]>('/tags/list?kanban=1', { token: adminToken })).body.map((t) => t.id)).toEqual([id]);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-tag`)).toContainEqual({ action: 'update', tag: edited.body }));

      expect((await h.api(`/tags/${id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
      expect(await h.api<Answer<Tag>>(`/tags/${id}`, { token: adminToken })).toMatchObject({ status: 404, body: { error: 'ERR_TAG_NOT_FOUND' } });
      await eventually(() => expect(feed.entries(`company-${h.companyId}-tag`)).toContainEqual({ action: 'delete', tagId: id }));
    } finally {
      feed.close();
    }
  });

  it('validates as the spec says, and only an admin makes a tag a kanban lane; a refusal writes nothing', async () => {
    const before = await eventCount();
    expect(await create({ name: 'ab' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'name' }] } });
    expect(await create({})).toMatchObject({ status: 400, body: { details: [{ path: 'name' }] } });
    expect(await create({ name: 'Cor ruim', color: 'red' })).toMatchObject({ status: 400, body: { details: [{ path: 'color' }] } });
    expect(await create({ name: 'Kanban dois', kanban: 2 })).toMatchObject({ status: 400, body: { details: [{ path: 'kanban' }] } });
    expect(await create({ name: 'Dono alheio', userId: b.id })).toMatchObject({ status: 400, body: { details: [{ path: 'userId' }] } });
    expect(await create({ name: 'Raia da agente', kanban: 1 }, agentToken)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await eventCount()).toBe(before);

    expect(await create({ name: 'Kanban lógico', kanban: true })).toMatchObject({ status: 400, body: { details: [{ path: 'kanban' }] } });
    expect(await eventCount()).toBe(before);

    const mine = await create({ name: 'Da agente', kanban: 0 }, agentToken);
    expect(mine).toMatchObject({ status: 201, body: { kanban: 0 } });
    expect(await change(mine.body.id, { kanban: 1 }, agentToken)).toMatchObject({ status: 403 });
    expect(await change(mine.body.id, { name: 'Da agente, revista', kanban: 0 }, agentToken)).toMatchObject({ status: 200, body: { name: 'Da agente, revista' } });
    const lane = (await create({ name: 'Raia do admin', kanban: 1 })).body;
    // Deleting a lane takes it off the kanban: an admin's call too.
    expect(await h.api<Answer<object>>(`/tags/${lane.id}`, { method: 'DELETE', token: agentToken })).toMatchObject({ status: 403 });
    expect(await h.api<Answer<object>>(`/tags/${mine.body.id}`, { method: 'DELETE', token: agentToken })).toMatchObject({ status: 200 });
  });

  it("tags tickets (sync, put, delete), counts them, filters the tickets list and feeds the kanban", async () => {
    const lane = (await create({ name: 'Em andamento', kanban: 1, color: '#00aa00' })).body;
    const other = (await create({ name: 'Aguardando peças' })).body;
    const ticket = await ticketOf('5511977770001', 'Quero acompanhar meu pedido', 'Cliente Kanban');
    const plain = await ticketOf('5511977770002', 'Outro assunto', 'Cliente Sem Tag');
    const feed = await h.socket(adminToken);
    try {
      expect((await sync(ticket.id, [lane.id, other.id, other.id])).body.tags.map((t) => t.name)).toEqual(['Aguardando peças', 'Em andamento']);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-tag`)).toContainEqual({ action: 'ticket', ticketId: ticket.id, tagIds: [lane.id, other.id].sort((x, y) => x - y) }));
      expect((await h.api<Tag>(`/tags/${lane.id}`, { token: adminToken })).body.ticketsCount).toBe(1);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-tag`)).toContainEqual({ action: 'update', tag: expect.objectContaining({ id: lane.id, ticketsCount: 1 }) }));

      const filtered = (await h.api<ListTicketsResponse>(`/tickets?showAll=true&tags=[${lane.id}]`, { token: adminToken })).body.tickets;
      expect(filtered.map((t) => t.id)).toEqual([ticket.id]);

      const cards = (await kanban()).tickets;
      expect(cards.find((t) => t.id === ticket.id)?.tags.map((t) => t.id).sort()).toEqual([lane.id, other.id].sort());
      expect(cards.find((t) => t.id === plain.id)?.tags).toEqual([]);

      // A card moved to the open lane, then onto a lane: remove, then add (two events).
      const before = await eventCount();
      expect((await h.api<Answer<{ tags: unknown[] }>>(`/ticket-tags/${ticket.id}`, { method: 'DELETE', token: adminToken })).body.tags).toEqual([]);
      expect((await h.api<Answer<{ tags: Array<{ id: number }> }>>(`/ticket-tags/${plain.id}/${lane.id}`, { method: 'PUT', token: adminToken })).body.tags.map((t) => t.id)).toEqual([lane.id]);
      expect(await eventCount()).toBe(before + 3);
      // Again: nothing changes, nothing is written.
      await h.api(`/ticket-tags/${plain.id}/${lane.id}`, { method: 'PUT', token: adminToken });
      expect(await eventCount()).toBe(before + 3);
      expect((await h.api<Tag>(`/tags/${lane.id}`, { token: adminToken })).body.ticketsCount).toBe(1);
      expect((await h.api<Tag>(`/tags/${other.id}`, { token: adminToken })).body.ticketsCount).toBe(0);

      // A deleted tag leaves every ticket.
      await sync(ticket.id, [other.id]);
      await h.api(`/tags/${other.id}`, { method: 'DELETE', token: adminToken });
      expect((await kanban()).tickets.find((t) => t.id === ticket.id)?.tags).toEqual([]);
    } finally {
      feed.close();
    }
  });

  it("refuses what is not there or not the caller's to see, writing nothing", async () => {
    const tag = (await create({ name: 'Só da A' })).body;
    const ticket = await ticketOf('5511977770003', 'Olá de novo', 'Cliente Isolado');
    const before = await eventCount();
    expect(await sync(ticket.id, [99_999_999])).toMatchObject({ status: 404, body: { error: 'ERR_TAG_NOT_FOUND' } });
    expect(await sync(99_999_999, [tag.id])).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await h.api<Answer<object>>('/tags/sync', { token: adminToken, body: { ticketId: ticket.id, tags: [{ id: 'x' }] } })).toMatchObject({ status: 400 });
    expect(await h.api<Answer<object>>(`/ticket-tags/${ticket.id}/99999999`, { method: 'PUT', token: adminToken })).toMatchObject({ status: 404, body: { error: 'ERR_TAG_NOT_FOUND' } });

    // Another company: A's tags and tickets do not exist for it, and its own tags cannot go on A's tickets.
    expect((await h.api<TagPage>('/tags', { token: bToken })).body.tags).toEqual([]);
    expect(await h.api<Answer<Tag>>(`/tags/${tag.id}`, { token: bToken })).toMatchObject({ status: 404 });
    expect(await h.api<Answer<Tag>>(`/tags/${tag.id}`, { method: 'PUT', token: bToken, body: { name: 'Invadida' } })).toMatchObject({ status: 404 });
    expect(await h.api<Answer<Tag>>(`/tags/${tag.id}`, { method: 'DELETE', token: bToken })).toMatchObject({ status: 404 });
    const theirs = (await create({ name: 'Tag da B' }, bToken)).body;
    const afterTheirs = await eventCount();
    expect(await sync(ticket.id, [tag.id], bToken)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await sync(ticket.id, [theirs.id])).toMatchObject({ status: 404, body: { error: 'ERR_TAG_NOT_FOUND' } });
    expect(await h.api<Answer<object>>(`/ticket-tags/${ticket.id}/${theirs.id}`, { method: 'PUT', token: adminToken })).toMatchObject({ status: 404 });
    expect(await h.api<Answer<object>>(`/ticket-tags/${ticket.id}`, { method: 'DELETE', token: bToken })).toMatchObject({ status: 404 });
    expect((await kanban(bToken)).tickets).toEqual([]);
    expect(await eventCount()).toBe(afterTheirs);
    expect(afterTheirs).toBe(before + 1);
  });

  it("shows an agent the kanban cards of her queues (and her own) only, and an admin everyone's", async () => {
    const ticket = await ticketOf('5511977770004', 'Fila da agente', 'Cliente da Fila');
    let queueId = ticket.queueId;
    if (queueId === null) {
      queueId = h.queueIds[0]!;
      expect((await h.api<Answer<Ticket>>(`/tickets/${ticket.id}`, { method: 'PUT', token: adminToken, body: { queueId } })).status).toBe(200);
    }
    const outsider = await addUser(h, 'tag-outsider@demo.test', { queueIds: h.queueIds.filter((q) => q !== queueId) });
    const outsiderToken = (await h.login(outsider.email, outsider.password)).token;
    const insider = await addUser(h, 'tag-insider@demo.test', { queueIds: [queueId] });
    const insiderToken = (await h.login(insider.email, insider.password)).token;
    expect((await kanban(outsiderToken)).tickets.map((t) => t.id)).not.toContain(ticket.id);
    expect(await sync(ticket.id, [], outsiderToken)).toMatchObject({ status: 403 });
    await eventually(async () => expect((await kanban(insiderToken)).tickets.map((t) => t.id)).toContain(ticket.id));
    expect((await kanban(insiderToken, `?queueIds=[${h.queueIds.find((q) => q !== queueId) ?? 999_999}]`)).tickets.map((t) => t.id)).not.toContain(ticket.id);
    expect((await kanban(adminToken)).tickets.map((t) => t.id)).toContain(ticket.id);
    // Given to the outsider, it is hers to see.
    expect((await h.api<Answer<Ticket>>(`/tickets/${ticket.id}`, { method: 'PUT', token: adminToken, body: { status: 'open', userId: outsider.id } })).status).toBe(200);
    await eventually(async () => expect((await kanban(outsiderToken)).tickets.map((t) => t.id)).toContain(ticket.id));
    expect(await h.api<Answer<object>>('/ticket/kanban?queueIds=abc', { token: adminToken })).toMatchObject({ status: 400 });
  });
});
