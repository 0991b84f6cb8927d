import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactList, ContactListItem, ContactListItemPage, ContactListPage } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { contactListsProjection, rebuildProjection } from '@atendo/read';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { userEventCount } from './testing/log.js';

type Answer<T> = T & { error?: string; details?: Array<{ path: string; rule: string; message: string }> };

describe('contact lists', () => {
  let h: Harness;
  let admin: string;
  let agent: string;

  // Events a user's request caused (channels write their own in the background).
  const eventCount = () => userEventCount(h);
  const eventsOf = async (type: string, ids: number[]) =>
    Number(((await h.atendo.knex.raw(`SELECT count(*) AS n FROM events WHERE event_type = ? AND (data->>'id')::bigint = ANY(?)`, [type, ids])) as { rows: Array<{ n: string }> }).rows[0]!.n);

  const createList = (body: unknown, token = admin) => h.api<Answer<ContactList>>('/contact-lists', { token, body });
  const createItem = (body: unknown, token = admin) => h.api<Answer<ContactListItem>>('/contact-list-items', { token, body });
  const list = async (name: string) => {
    const res = await createList({ name });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    h = await startHarness();
    admin = (await h.login()).token;
    const user = await addUser(h, 'agent@lists.test');
    agent = (await h.login(user.email, user.password)).token;
  });
  afterAll(async () => h?.stop());

  it('a list: name required, 2 to 50 characters; refused input writes nothing', async () => {
    const before = await eventCount();
    expect(await createList({})).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'name', rule: 'required' }] } });
    expect(await createList({ name: ' A ' })).toMatchObject({ status: 400, body: { details: [{ path: 'name', rule: 'tooShort' }] } });
    expect(await createList({ name: 'x'.repeat(51) })).toMatchObject({ status: 400, body: { details: [{ path: 'name', rule: 'tooLong' }] } });
    expect(await createList({ name: 'nul\u0000' })).toMatchObject({ status: 400, body: { details: [{ path: 'name', rule: 'unstorableText' }] } });
    expect(await eventCount()).toBe(before);

    const created = await createList({ name: '  Clientes VIP  ' });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'Clientes VIP', contactsCount: 0 } });
    const id = created.body.id;
    expect(await h.api(`/contact-lists/${id}`, { token: admin })).toMatchObject({ status: 200, body: { id, name: 'Clientes VIP', contactsCount: 0 } });
    expect(await h.api(`/contact-lists/${id}`, { method: 'PUT', token: admin, body: { name: 'A' } })).toMatchObject({ status: 400, body: { details: [{ path: 'name' }] } });
    expect(await h.api(`/contact-lists/${id}`, { method: 'PUT', token: admin, body: { name: 'Clientes Ouro' } })).toMatchObject({ status: 200, body: { id, name: 'Clientes Ouro' } });
    expect(await h.api(`/contact-lists/999999`, { token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
    expect(await h.api(`/contact-lists/999999`, { method: 'PUT', token: admin, body: { name: 'Outra' } })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
    expect(await h.api(`/contact-lists/999999`, { method: 'DELETE', token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
  });

  it('lists come by name, 20 a page, searched by name whatever the case; /list gives them all', async () => {
    for (let i = 1; i <= 21; i++) await list(`Página ${String(i).padStart(2, '0')}`);
    const first = await h.api<ContactListPage>('/contact-lists?searchParam=PÁGINA', { token: admin });
    expect(first.body.records.map((l) => l.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Página ${String(i + 1).padStart(2, '0')}`));
    expect(first.body.hasMore).toBe(true);
    const second = await h.api<ContactListPage>('/contact-lists?searchParam=página&pageNumber=2', { token: admin });
    expect(second.body).toEqual({ records: [expect.objectContaining({ name: 'Página 21', contactsCount: 0 })], hasMore: false });
    // A `%` typed is looked for as itself.
    expect((await h.api<ContactListPage>('/contact-lists?searchParam=%25', { token: admin })).body).toEqual({ records: [], hasMore: false });
    expect(await h.api('/contact-lists?pageNumber=0', { token: admin })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const all = (await h.api<ContactList[]>('/contact-lists/list', { token: admin })).body;
    expect(all.filter((l) => l.name.startsWith('Página'))).toHaveLength(21);
  });

  it('an item: name 2 to 50, number 8 to 50 characters kept as its digits, e-mail valid; its list must be the company’s', async () => {
    const { id: contactListId } = await list('Itens');
    const before = await eventCount();
    const problems = async (body: unknown) => {
      const res = await createItem(body);
      expect(res.status).toBe(400);
      return res.body.details!.map((d) => `${d.path}:${d.rule}`);
    };
    expect(await problems({})).toEqual(['contactListId:required', 'name:required', 'number:required']);
    expect(await problems({ contactListId, name: 'A', number: '5511900000001' })).toEqual(['name:tooShort']);
    expect(await problems({ contactListId, name: 'Ana', number: '1234567' })).toEqual(['number:tooShort']);
    expect(await problems({ contactListId, name: 'Ana', number: '1'.repeat(51) })).toEqual(['number:tooLong']);
    expect(await problems({ contactListId, name: 'Ana', number: 'call me maybe' })).toEqual(['number:invalid']);
    // Eight characters, but fewer than eight digits: not a number a campaign could send to.
    expect(await problems({ contactListId, name: 'Ana', number: '(11) 123' })).toEqual(['number:tooShort']);
    expect(await problems({ contactListId, name: 'Ana', number: '5511900000001', email: 'ana@' })).toEqual(['email:email']);
    expect(await eventCount()).toBe(before);
    expect(await createItem({ contactListId: 999999, name: 'Ana', number: '5511900000001' })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
    expect(await eventCount()).toBe(before);

    const ana = await createItem({ contactListId, name: ' Ana ', number: '+55 (11) 90000-0001', email: 'ana@example.com' });
    expect(ana).toMatchObject({ status: 201, body: { name: 'Ana', number: '5511900000001', email: 'ana@example.com', isWhatsappValid: null, contactListId, companyId: h.companyId } });
    expect(await h.api(`/contact-list-items/${ana.body.id}`, { token: admin })).toMatchObject({ status: 200, body: ana.body });
    expect((await createItem({ contactListId, name: 'Bia', number: '5511900000002' })).body).toMatchObject({ email: '' });
    expect((await h.api<ContactList>(`/contact-lists/${contactListId}`, { token: admin })).body.contactsCount).toBe(2);
    expect(await h.api('/contact-list-items/999999', { token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_ITEM_NOT_FOUND' } });
  });

  it('a number is once in a list (however it is written), in any number of lists, and freed when changed or deleted', async () => {
    const { id: listA } = await list('Duplicados A');
    const { id: listB } = await list('Duplicados B');
    const ana = (await createItem({ contactListId: listA, name: 'Ana', number: '5511911110001' })).body;
    const before = await eventCount();
    expect(await createItem({ contactListId: listA, name: 'Ana de novo', number: '+55 11 91111-0001' })).toMatchObject({ status: 409, body: { error: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' } });
    expect(await eventCount()).toBe(before);
    expect(await createItem({ contactListId: listB, name: 'Ana', number: '5511911110001' })).toMatchObject({ status: 201 });

    const bia = (await createItem({ contactListId: listA, name: 'Bia', number: '5511911110002' })).body;
    expect(await h.api(`/contact-list-items/${bia.id}`, { method: 'PUT', token: admin, body: { number: '55 11 91111 0001' } })).toMatchObject({ status: 409, body: { error: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' } });
    expect((await h.api<ContactListItem>(`/contact-list-items/${bia.id}`, { token: admin })).body.number).toBe('5511911110002');
    // Written another way, the same number is no change.
    expect(await h.api(`/contact-list-items/${ana.id}`, { method: 'PUT', token: admin, body: { number: '+55 11 91111-0001', name: 'Ana Maria' } })).toMatchObject({ status: 200, body: { name: 'Ana Maria', number: '5511911110001' } });
    expect(await h.api(`/contact-list-items/${ana.id}`, { method: 'PUT', token: admin, body: { number: '5511911110003', email: 'x' } })).toMatchObject({ status: 400, body: { details: [{ path: 'email' }] } });

    // Ana moves to a new number: her old one is free for Bia; Bia's old one is free once she leaves it.
    expect(await h.api(`/contact-list-items/${ana.id}`, { method: 'PUT', token: admin, body: { number: '5511911110003' } })).toMatchObject({ status: 200, body: { number: '5511911110003' } });
    expect(await h.api(`/contact-list-items/${bia.id}`, { method: 'PUT', token: admin, body: { number: '5511911110001' } })).toMatchObject({ status: 200, body: { number: '5511911110001' } });
    expect(await createItem({ contactListId: listA, name: 'Caio', number: '5511911110002' })).toMatchObject({ status: 201 });
    // Deleted, its number is free again.
    expect(await h.api(`/contact-list-items/${bia.id}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200 });
    expect(await h.api(`/contact-list-items/${bia.id}`, { token: admin })).toMatchObject({ status: 404 });
    expect(await h.api(`/contact-list-items/${bia.id}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_ITEM_NOT_FOUND' } });
    expect(await createItem({ contactListId: listA, name: 'Bia outra vez', number: '5511911110001' })).toMatchObject({ status: 201 });
  });

  it("a list's items by name, 20 a page, searched by name or number; an unknown list is 404", async () => {
    const { id: contactListId } = await list('Muitos');
    for (let i = 1; i <= 21; i++) await createItem({ contactListId, name: `Pessoa ${String(i).padStart(2, '0')}`, number: `55119222200${String(i).padStart(2, '0')}` });
    const page = (n: number, search = '') => h.api<ContactListItemPage>(`/contact-list-items?contactListId=${contactListId}&pageNumber=${n}&searchParam=${encodeURIComponent(search)}`, { token: admin });
    const first = (await page(1)).body;
    expect(first.contacts.map((c) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Pessoa ${String(i + 1).padStart(2, '0')}`));
    expect(first.hasMore).toBe(true);
    expect((await page(2)).body).toEqual({ contacts: [expect.objectContaining({ name: 'Pessoa 21' })], hasMore: false });
    expect((await page(1, 'pessoa 07')).body.contacts.map((c) => c.name)).toEqual(['Pessoa 07']);
    expect((await page(1, '+55 11 92222-0001')).body.contacts.map((c) => c.name)).toEqual(['Pessoa 01']);
    expect((await h.api<ContactList>(`/contact-lists/${contactListId}`, { token: admin })).body.contactsCount).toBe(21);
    expect(await h.api('/contact-list-items?contactListId=999999', { token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
    expect(await h.api('/contact-list-items', { token: admin })).toMatchObject({ status: 400, body: { details: [{ path: 'contactListId' }] } });
  });

  it('deleting a list deletes each of its items, as events, and frees their numbers', async () => {
    const { id } = await list('Para apagar');
    const items: number[] = [];
    for (let i = 1; i <= 40; i++) items.push((await createItem({ contactListId: id, name: `Apagar ${i}`, number: `551193333${String(i).padStart(4, '0')}` })).body.id);
    const other = await list('Fica');
    const stays = (await createItem({ contactListId: other.id, name: 'Fico', number: '5511933330001' })).body;

    expect(await h.api(`/contact-lists/${id}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200 });
    expect(await eventsOf('ContactListItemDeleted', items)).toBe(40);
    expect(await eventsOf('ContactListDeleted', [id])).toBe(1);
    expect(await h.api(`/contact-lists/${id}`, { token: admin })).toMatchObject({ status: 404 });
    expect(await h.api(`/contact-list-items/${items[0]}`, { token: admin })).toMatchObject({ status: 404 });
    expect(await h.api(`/contact-list-items?contactListId=${id}`, { token: admin })).toMatchObject({ status: 404 });
    const claims = (await h.atendo.knex.raw(
      `SELECT count(*) FILTER (WHERE event_type = 'UniqueValueClaimed') AS claimed, count(*) FILTER (WHERE event_type = 'UniqueValueReleased') AS released
         FROM events WHERE data->>'kind' = 'contactListItemNumber' AND data->>'value' LIKE ?`,
      [`${id}.%`],
    )) as { rows: Array<{ claimed: string | number; released: string | number }> };
    expect([Number(claims.rows[0]!.claimed), Number(claims.rows[0]!.released)]).toEqual([40, 40]);
    // The other list is untouched.
    expect(await h.api(`/contact-list-items/${stays.id}`, { token: admin })).toMatchObject({ status: 200, body: { name: 'Fico' } });
    expect((await h.api<ContactList>(`/contact-lists/${other.id}`, { token: admin })).body.contactsCount).toBe(1);
  });

  it('is for admins only: an agent gets 403 on every route', async () => {
    const { id } = await list('Só admin');
    const item = (await createItem({ contactListId: id, name: 'Ana', number: '5511944440001' })).body;
    const before = await eventCount();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/contact-lists'],
      ['GET', '/contact-lists/list'],
      ['GET', `/contact-lists/${id}`],
      ['POST', '/contact-lists', { name: 'Do agente' }],
      ['PUT', `/contact-lists/${id}`, { name: 'Do agente' }],
      ['DELETE', `/contact-lists/${id}`],
      ['GET', `/contact-list-items?contactListId=${id}`],
      ['GET', `/contact-list-items/${item.id}`],
      ['POST', '/contact-list-items', { contactListId: id, name: 'Do agente', number: '5511944440002' }],
      ['PUT', `/contact-list-items/${item.id}`, { name: 'Do agente' }],
      ['DELETE', `/contact-list-items/${item.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect(await h.api(path, { method, token: agent, body }), `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect(await eventCount()).toBe(before);
  });

  it("answers 403 while the company's plan has no campaigns, and serves again once it has", async () => {
    const { id } = await list('Plano');
    const item = (await createItem({ contactListId: id, name: 'Ana', number: '5511955550001' })).body;
    const setCampaigns = async (value: boolean) => {
      const r = await handleCommand(h.atendo.store, planDecider, planStream(1), { type: 'update', changes: { useCampaigns: value } }, { actor: { type: 'system' } });
      await h.atendo.readYourWrites(r.position);
    };
    await setCampaigns(false);
    try {
      const before = await eventCount();
      for (const [method, path, body] of [
        ['GET', '/contact-lists'],
        ['GET', '/contact-lists/list'],
        ['GET', `/contact-lists/${id}`],
        ['POST', '/contact-lists', { name: 'Sem plano' }],
        ['PUT', `/contact-lists/${id}`, { name: 'Sem plano' }],
        ['DELETE', `/contact-lists/${id}`],
        ['GET', `/contact-list-items?contactListId=${id}`],
        ['GET', `/contact-list-items/${item.id}`],
        ['POST', '/contact-list-items', { contactListId: id, name: 'Sem plano', number: '5511955550002' }],
        ['PUT', `/contact-list-items/${item.id}`, { name: 'Sem plano' }],
        ['DELETE', `/contact-list-items/${item.id}`],
      ] as Array<[string, string, unknown?]>) {
        expect(await h.api(path, { method, token: admin, body }), `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      }
      expect(await eventCount()).toBe(before);
    } finally {
      await setCampaigns(true);
    }
    expect(await h.api(`/contact-lists/${id}`, { token: admin })).toMatchObject({ status: 200, body: { contactsCount: 1 } });
  });

  it("another company's lists and items are 404, whatever is asked, and change nothing", async () => {
    const other = await addCompany(h, 'Outra Lista');
    const theirToken = (await h.login(other.email, other.password)).token;
    const theirList = (await createList({ name: 'Lista deles' }, theirToken)).body;
    const theirItem = (await createItem({ contactListId: theirList.id, name: 'Cliente deles', number: '5511966660001' }, theirToken)).body;
    // The same number in a list of ours is no clash with theirs.
    const { id: ours } = await list('Nossa');
    expect(await createItem({ contactListId: ours, name: 'Nosso', number: '5511966660001' })).toMatchObject({ status: 201 });

    const before = await eventCount();
    for (const [method, path, body, code] of [
      ['GET', `/contact-lists/${theirList.id}`, undefined, 'ERR_CONTACT_LIST_NOT_FOUND'],
      ['PUT', `/contact-lists/${theirList.id}`, { name: 'Invadida' }, 'ERR_CONTACT_LIST_NOT_FOUND'],
      // Refused for the id before the body is looked at: a bad body tells nothing either.
      ['PUT', `/contact-lists/${theirList.id}`, { name: 'x' }, 'ERR_CONTACT_LIST_NOT_FOUND'],
      ['DELETE', `/contact-lists/${theirList.id}`, undefined, 'ERR_CONTACT_LIST_NOT_FOUND'],
      ['GET', `/contact-list-items?contactListId=${theirList.id}`, undefined, 'ERR_CONTACT_LIST_NOT_FOUND'],
      ['POST', '/contact-list-items', { contactListId: theirList.id, name: 'Intruso', number: '5511966660002' }, 'ERR_CONTACT_LIST_NOT_FOUND'],
      ['GET', `/contact-list-items/${theirItem.id}`, undefined, 'ERR_CONTACT_LIST_ITEM_NOT_FOUND'],
      ['PUT', `/contact-list-items/${theirItem.id}`, { name: 'Invadido' }, 'ERR_CONTACT_LIST_ITEM_NOT_FOUND'],
      ['PUT', `/contact-list-items/${theirItem.id}`, { number: 'x' }, 'ERR_CONTACT_LIST_ITEM_NOT_FOUND'],
      ['DELETE', `/contact-list-items/${theirItem.id}`, undefined, 'ERR_CONTACT_LIST_ITEM_NOT_FOUND'],
    ] as Array<[string, string, unknown, string]>) {
      const res = await h.api<{ error: string }>(path, { method, token: admin, body });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: code } });
      expect(JSON.stringify(res.body)).not.toMatch(/Lista deles|Cliente deles/);
    }
    expect(await eventCount()).toBe(before);
    expect((await h.api<ContactList[]>('/contact-lists/list', { token: admin })).body.map((l) => l.name)).not.toContain('Lista deles');
    expect((await h.api<ContactListItemPage>(`/contact-list-items?contactListId=${theirList.id}`, { token: theirToken })).body.contacts).toEqual([
      expect.objectContaining({ id: theirItem.id, name: 'Cliente deles' }),
    ]);
  });

  it("tells the company's admins of each change on ContactList and ContactListItem, and agents of none", async () => {
    const feed = await h.socket(admin);
    const agentFeed = await h.socket(agent);
    const lists = `company-${h.companyId}-ContactList`;
    const items = `company-${h.companyId}-ContactListItem`;
    try {
      const created = await list('Ao vivo');
      await eventually(() => expect(feed.entries(lists)).toContainEqual({ action: 'create', record: created }));
      const renamed = (await h.api<ContactList>(`/contact-lists/${created.id}`, { method: 'PUT', token: admin, body: { name: 'Ao vivo!' } })).body;
      await eventually(() => expect(feed.entries(lists)).toContainEqual({ action: 'update', record: renamed }));

      const item = (await createItem({ contactListId: created.id, name: 'Ana', number: '5511977770001' })).body;
      await eventually(() => expect(feed.entries(items)).toContainEqual({ action: 'create', record: item }));
      // The lists page hears the new count.
      await eventually(() => expect(feed.entries(lists)).toContainEqual({ action: 'update', record: { id: created.id, name: 'Ao vivo!', contactsCount: 1 } }));
      const changed = (await h.api<ContactListItem>(`/contact-list-items/${item.id}`, { method: 'PUT', token: admin, body: { email: 'ana@example.com' } })).body;
      await eventually(() => expect(feed.entries(items)).toContainEqual({ action: 'update', record: changed }));
      await h.api(`/contact-list-items/${item.id}`, { method: 'DELETE', token: admin });
      await eventually(() => expect(feed.entries(items)).toContainEqual({ action: 'delete', id: item.id }));
      await eventually(() => expect(feed.entries(lists)).toContainEqual({ action: 'update', record: { id: created.id, name: 'Ao vivo!', contactsCount: 0 } }));

      const second = (await createItem({ contactListId: created.id, name: 'Bia', number: '5511977770002' })).body;
      await h.api(`/contact-lists/${created.id}`, { method: 'DELETE', token: admin });
      await eventually(() => expect(feed.entries(items)).toContainEqual({ action: 'delete', id: second.id }));
      await eventually(() => expect(feed.entries(lists)).toContainEqual({ action: 'delete', id: created.id }));

      // The agent's socket is live (it hears what every user hears) but not these channels.
      const tag = (await h.api<{ id: number }>('/tags', { token: admin, body: { name: 'Sinal', color: '#123456' } })).body;
      await eventually(() => expect(agentFeed.entries(`company-${h.companyId}-tag`)).toContainEqual(expect.objectContaining({ action: 'create', tag: expect.objectContaining({ id: tag.id }) })));
      expect([...agentFeed.entries(lists), ...agentFeed.entries(items)]).toEqual([]);
    } finally {
      feed.close();
      agentFeed.close();
    }
  });

  it('a rebuild from the log gives the same rows', async () => {
    const knex = h.atendo.knex;
    const rows = async () => [
      await knex('contact_lists').orderBy('id').select(),
      await knex('contact_list_items').orderBy('id').select(),
    ];
    // The jobs role asks WhatsApp about each number in the background and records its verdict: the rows compared are
    // those after the last verdict, or a verdict landing between the two reads would look like a rebuild's mistake.
    const unchecked = async () => Number(((await knex('contact_list_items').where({ company_id: h.companyId }).whereNull('is_whatsapp_valid').count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n);
    await eventually(async () => expect(await unchecked()).toBe(0), 60_000);
    const before = await rows();
    expect(before[1]!.length).toBeGreaterThan(20);
    await rebuildProjection({ store: h.atendo.store, knex, projection: contactListsProjection, batchSize: 7 });
    expect(await rows()).toEqual(before);
  }, 90_000);
});
