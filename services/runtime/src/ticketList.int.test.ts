import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_COUNT_CAP, TICKET_COUNT_CAP, type ContactPage, type ListTicketsResponse } from '@atendo/contracts';
import { SEARCH_IDS_CAP } from '@atendo/read';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

/**
 * Lists at any size (issue 12): a company with more tickets than the count cap. Rows are written straight into the
 * read model (the list reads nothing else), so the test is about the list: a capped count, `hasMore` and a cursor
 * that walks every ticket exactly once, and a search by name, number or last message through the indexes.
 */
describe('the ticket list at size', () => {
  let h: Harness;
  let token: string;
  const TOTAL = TICKET_COUNT_CAP + 25;

  beforeAll(async () => {
    h = await startHarness();
    const company = await addCompany(h, 'Grande');
    token = (await h.login(company.email, company.password)).token;
    const base = 900_000_000;
    await h.atendo.knex.raw(
      `INSERT INTO contacts (id, company_id, name, number, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, ?, CASE WHEN g = 77 THEN 'João Conceição' ELSE 'Cliente ' || g END, '5521' || lpad(g::text, 9, '0'), false, 'contact-' || ? || '.' || g, now(), now()
       FROM generate_series(1, ?) g`,
      [base, company.companyId, company.companyId, TOTAL],
    );
    // Every ticket pending; some share an updated_at, so the cursor must also order by id.
    await h.atendo.knex.raw(
      `INSERT INTO tickets (id, uuid, company_id, status, whatsapp_id, contact_id, last_message, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, gen_random_uuid(), ?, 'pending', ?, ? + g, CASE WHEN g = 500 THEN 'Preciso da SEGUNDA via do boleto' ELSE 'Olá ' || g END, false,
              'contact-' || ? || '.' || g, now(), timestamp '2026-11-25 10:00:00+00' + (g / 3) * interval '1 second'
       FROM generate_series(1, ?) g`,
      [base, company.companyId, company.whatsappId, base, company.companyId, TOTAL],
    );
  });
  afterAll(async () => h?.stop());

  const list = (params: string) => h.api<ListTicketsResponse & { error?: string }>(`/tickets?status=pending&${params}`, { token });

  it('counts up to the cap, says there is more without counting, and a cursor walks every ticket once, newest first', async () => {
    const first = (await list('')).body;
    expect(first.count).toBe(TICKET_COUNT_CAP + 1);
    expect(first).toMatchObject({ hasMore: true });
    expect(first.tickets).toHaveLength(40);
    const seen = first.tickets.map((t) => t.id);
    let next = first.next;
    let pages = 1;
    while (next) {
      const page = (await list(`cursor=${encodeURIComponent(next)}`)).body;
      seen.push(...page.tickets.map((t) => t.id));
      next = page.next;
      pages++;
      if (!page.hasMore) expect(page.next).toBeUndefined();
    }
    expect(pages).toBe(Math.ceil(TOTAL / 40));
    expect(new Set(seen).size).toBe(TOTAL);
    // Newest first: ticket ids grow with their updated_at here, so the walk goes down.
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(await list('cursor=yesterday')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('carries each ticket’s tags, by name', async () => {
    const t = (await list('searchParam=segunda%20via')).body.tickets[0]!;
    const companyId = t.companyId;
    await h.atendo.knex('tags').insert([
      { id: 990_000_001, company_id: companyId, name: 'VIP', color: '#ff0000', created_at: new Date(), updated_at: new Date() },
      { id: 990_000_002, company_id: companyId, name: 'Boleto', color: '#00ff00', created_at: new Date(), updated_at: new Date() },
    ]);
    await h.atendo.knex('ticket_tags').insert([
      { ticket_id: t.id, tag_id: 990_000_001, company_id: companyId },
      { ticket_id: t.id, tag_id: 990_000_002, company_id: companyId },
    ]);
    expect((await list('searchParam=segunda%20via')).body.tickets[0]!.tags).toEqual([
      { id: 990_000_002, name: 'Boleto', color: '#00ff00' },
      { id: 990_000_001, name: 'VIP', color: '#ff0000' },
    ]);
  });

  it('finds a ticket by its contact’s name without accents, by number digits, and by its last message', async () => {
    const names = async (q: string) => (await list(`searchParam=${encodeURIComponent(q)}`)).body.tickets.map((t) => t.contact.name);
    expect(await names('joao conceicao')).toEqual(['João Conceição']);
    expect(await names('000000077')).toEqual(['João Conceição']);
    // Digits that no number begins or ends with, but ten hold inside (5521000000070 to …79).
    expect((await names('(21) 0000-0007')).sort()).toEqual(['Cliente 70', 'Cliente 71', 'Cliente 72', 'Cliente 73', 'Cliente 74', 'Cliente 75', 'Cliente 76', 'Cliente 78', 'Cliente 79', 'João Conceição']);
    expect(await names('segunda via')).toEqual(['Cliente 500']);
    expect((await list('searchParam=nada%20assim')).body).toMatchObject({ tickets: [], count: 0, hasMore: false });
  });

  it('a page past the end has no ticket and still says how many there are, searched or not', async () => {
    expect((await list('pageNumber=99')).body).toMatchObject({ tickets: [], count: TICKET_COUNT_CAP + 1, hasMore: false });
    expect((await list('searchParam=cliente&pageNumber=99')).body).toMatchObject({ tickets: [], count: TICKET_COUNT_CAP + 1, hasMore: false });
    expect((await list('searchParam=segunda%20via&pageNumber=2')).body).toMatchObject({ tickets: [], count: 1, hasMore: false });
  });

  it('counts each tab from ticket_counts, which triggers keep equal to the tickets through inserts, upserts, updates and deletes', async () => {
    const company = await addCompany(h, 'Contas');
    const adminToken = (await h.login(company.email, company.password)).token;
    const [qa, qb] = [970_000_001, 970_000_002];
    const agent = await addUser(h, 'agente@contas.test', { companyId: company.companyId, queueIds: [qa] });
    const agentToken = (await h.login(agent.email, agent.password)).token;
    const knex = h.atendo.knex;
    const base = 960_000_000;
    await knex.raw(
      `INSERT INTO contacts (id, company_id, name, number, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, ?, 'Conta ' || g, '5541' || lpad(g::text, 9, '0'), false, 'contact-' || ? || '.' || g, now(), now() FROM generate_series(1, 90) g`,
      [base, company.companyId, company.companyId],
    );
    // Every mix of status, queue (none, the agent's, another) and agent (none, the agent, the admin).
    await knex.raw(
      `INSERT INTO tickets (id, uuid, company_id, status, user_id, queue_id, whatsapp_id, contact_id, last_message, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, gen_random_uuid(), ?, (ARRAY['pending','open','closed'])[1 + g % 3], (ARRAY[NULL, ?, ?]::bigint[])[1 + (g / 3) % 3],
              (ARRAY[NULL, ?, ?]::bigint[])[1 + (g / 9) % 3], ?, ? + g, 'Olá', false, 'contact-' || ? || '.' || g, now(), now() - g * interval '1 minute'
       FROM generate_series(1, 60) g`,
      [base, company.companyId, agent.id, company.id, qa, qb, company.whatsappId, base, company.companyId],
    );
    // A projector's upsert (some rows new, some changed), a status change, a transfer, a message only, deletes.
    await knex.raw(
      `INSERT INTO tickets (id, uuid, company_id, status, user_id, queue_id, whatsapp_id, contact_id, last_message, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, gen_random_uuid(), ?, 'pending', NULL, CASE WHEN g % 2 = 0 THEN ?::bigint END, ?, ? + g, 'De novo', false, 'contact-' || ? || '.' || g, now(), now()
       FROM generate_series(55, 90) g
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, user_id = excluded.user_id, queue_id = excluded.queue_id`,
      [base, company.companyId, qa, company.whatsappId, base, company.companyId],
    );
    await knex('tickets').where({ company_id: company.companyId, status: 'pending' }).whereNotNull('queue_id').where('id', '<', base + 30).update({ status: 'open', user_id: agent.id });
    await knex('tickets').where({ company_id: company.companyId, queue_id: qb, status: 'open' }).update({ queue_id: qa });
    await knex('tickets').where({ company_id: company.companyId }).update({ last_message: 'Só o texto', unread_messages: 2 });
    await knex('tickets').where({ company_id: company.companyId, status: 'closed', user_id: company.id }).delete();

    const byGroup = (from: string) =>
      knex.raw(`SELECT status, queue_id, user_id, ${from === 'tickets' ? 'count(*)' : 'sum(n)'}::int AS n FROM ${from} WHERE company_id = ? GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, [company.companyId]);
    const counted = ((await byGroup('ticket_counts')) as { rows: unknown[] }).rows;
    expect(counted).toEqual(((await byGroup('tickets')) as { rows: unknown[] }).rows);
    expect(counted.length).toBeGreaterThan(5);
    expect(await knex('ticket_counts').where({ n: 0 })).toEqual([]);

    // Each tab's badge is the number of tickets its pages hold.
    const walk = async (params: string, asToken: string) => {
      let page = (await h.api<ListTicketsResponse>(`/tickets?${params}`, { token: asToken })).body;
      const { count } = page;
      let n = page.tickets.length;
      while (page.next) {
        page = (await h.api<ListTicketsResponse>(`/tickets?${params}&cursor=${encodeURIComponent(page.next)}`, { token: asToken })).body;
        n += page.tickets.length;
      }
      return { params, count, listed: n };
    };
    const cases: Array<[string, string]> = [
      ['status=pending&showAll=true', adminToken],
      ['status=open&showAll=true', adminToken],
      ['status=open', adminToken],
      ['status=closed', adminToken],
      ['status=pending&queueIds=' + encodeURIComponent(JSON.stringify([qa])), adminToken],
      ['status=open&users=' + encodeURIComponent(JSON.stringify([agent.id])) + '&showAll=true', adminToken],
      ['status=pending', agentToken],
      ['status=open', agentToken],
      ['status=closed', agentToken],
    ];
    for (const [params, asToken] of cases) {
      const { count, listed } = await walk(params, asToken);
      expect({ params, count }).toEqual({ params, count: listed });
    }
    // A ticket that moves changes the badges at once (no cache in between).
    const before = (await walk('status=open', agentToken)).count;
    const moving = (await knex('tickets').where({ company_id: company.companyId, status: 'pending' }).whereNull('user_id').first('id')) as { id: string };
    await knex('tickets').where({ id: moving.id }).update({ status: 'open', user_id: agent.id });
    expect((await walk('status=open', agentToken)).count).toBe(before + 1);
  });

  it('a word more contacts hold than a search reads by id (SEARCH_IDS_CAP) is searched all the same', async () => {
    const other = await addCompany(h, 'Marias');
    const otherToken = (await h.login(other.email, other.password)).token;
    const base = 950_000_000;
    const many = SEARCH_IDS_CAP + 100;
    await h.atendo.knex.raw(
      `INSERT INTO contacts (id, company_id, name, number, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, ?, CASE WHEN g % 2 = 0 THEN 'Maria ' || g ELSE 'Pedro ' || g END, '5531' || lpad(g::text, 9, '0'), false, 'contact-' || ? || '.' || g, now(), now()
       FROM generate_series(1, ?) g`,
      [base, other.companyId, other.companyId, many * 2],
    );
    await h.atendo.knex.raw(
      `INSERT INTO tickets (id, uuid, company_id, status, whatsapp_id, contact_id, last_message, is_group, stream_id, created_at, updated_at)
       SELECT ? + g, gen_random_uuid(), ?, 'pending', ?, ? + g, 'Olá', false, 'contact-' || ? || '.' || g, now(), timestamp '2026-11-25 10:00:00+00' + g * interval '1 second'
       FROM generate_series(1, ?) g`,
      [base, other.companyId, other.whatsappId, base, other.companyId, many * 2],
    );
    const search = (params: string) => h.api<ListTicketsResponse>(`/tickets?searchParam=maria&${params}`, { token: otherToken });
    const first = (await search('')).body;
    expect(first).toMatchObject({ count: TICKET_COUNT_CAP + 1, hasMore: true });
    // Newest first, every one a Maria.
    expect(first.tickets.map((t) => t.contact.name)).toEqual(Array.from({ length: 40 }, (_, i) => `Maria ${many * 2 - i * 2}`));
    expect((await search('pageNumber=9999')).body).toMatchObject({ tickets: [], count: TICKET_COUNT_CAP + 1, hasMore: false });
    // The first company sees none of them.
    expect((await list('searchParam=maria')).body).toMatchObject({ tickets: [], count: 0 });

    // The contacts page too: "more than 1000", and its pages by name, not in the order the search index holds them.
    const contacts = (params: string) => h.api<ContactPage>(`/contacts?searchParam=maria&${params}`, { token: otherToken });
    const byName = Array.from({ length: many }, (_, i) => `Maria ${(i + 1) * 2}`).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect((await contacts('')).body).toEqual({ contacts: byName.slice(0, 20).map((name) => expect.objectContaining({ name })), count: CONTACT_COUNT_CAP + 1, hasMore: true, next: expect.any(String) });
    expect((await contacts('pageNumber=3')).body.contacts.map((c) => c.name)).toEqual(byName.slice(40, 60));
    // Page after page by cursor, as the console scrolls: the same names in the same order.
    let cursor = (await contacts('')).body.next;
    for (let page = 2; page <= 4; page++) {
      const body = (await contacts(`cursor=${encodeURIComponent(cursor!)}`)).body;
      expect(body.contacts.map((c) => c.name)).toEqual(byName.slice((page - 1) * 20, page * 20));
      cursor = body.next;
    }
    expect((await contacts(`pageNumber=${many / 20 + 1}`)).body).toEqual({ contacts: [], count: CONTACT_COUNT_CAP + 1, hasMore: false });
  });
});
