import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CampaignReport,
  type CampaignSettings,
  type CampaignShipping,
  type CampaignView,
  type ContactList,
  type SendGovernorStatus,
} from '@atendo/contracts';
import { campaignStream, messageOffsetSeconds } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { CampaignDispatcher } from './features/campaigns/campaignDispatcher.js';
import { SendGovernors } from './platform/sendGovernors.js';
import { createLogger } from './logger.js';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { eventCount as countEvents } from './testing/log.js';

type Answer<T> = T & { error?: string; details?: Array<{ path: string; rule: string }> };

/** Limits no campaign of these tests reaches: only the campaign's own pacing sets the times. */
const OPEN_GOVERNOR = { perMinute: 100_000, perDay: 1_000_000, newRecipientsPerDay: 1_000_000, minSpacingMs: 0, maxSpacingMs: 0, warmUpFirstDay: 1_000_000 };

/**
 * Campaigns end to end (issue 14): the routes' rules, then real campaigns through the simulator under a clock the test
 * moves — every message at its paced time, one variant per contact with its placeholders filled, a dispatcher that
 * restarts half-way without sending anyone a second message, and a connection that WhatsApp rate-limits.
 */
describe('campaigns', () => {
  let h: Harness;
  let admin: string;
  let connectionId: number;
  let offsetMs = 0;
  /** When set, the jobs role's clock stands still there (exact send times); otherwise it runs, `offsetMs` ahead. */
  let frozen: number | null = null;
  const clock = () => new Date(frozen ?? Date.now() + offsetMs);
  let numbers = 0;

  const eventCount = () => countEvents(h);
  const campaign = async (id: number) => (await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body;
  const dispatcher = () => h.atendo.processes.get('campaigns')!;
  const phone = async (number: string) =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${number}/messages`)).json()) as { messages?: Array<{ sender: string; body: string }> }).messages?.filter(
      (m) => m.sender === 'platform',
    ) ?? [];

  /** A list of `size` people, each number confirmed on WhatsApp (the list's checker asks the simulator). */
  async function contactList(name: string, size: number): Promise<{ list: ContactList; people: Array<{ name: string; number: string; email: string }> }> {
    const list = (await h.api<ContactList>('/contact-lists', { token: admin, body: { name } })).body;
    const people = Array.from({ length: size }, () => {
      const n = ++numbers;
      return { name: `Pessoa ${n}`, number: `55119700${String(n).padStart(5, '0')}`, email: `p${n}@example.com` };
    });
    for (let i = 0; i < people.length; i += 20) {
      await Promise.all(people.slice(i, i + 20).map(async (p) => expect((await h.api('/contact-list-items', { token: admin, body: { contactListId: list.id, ...p } })).status).toBe(201)));
    }
    await eventually(async () => {
      const { rows } = await h.atendo.knex.raw(`SELECT count(*) AS n FROM contact_list_items WHERE contact_list_id = ? AND is_whatsapp_valid`, [list.id]);
      expect(Number(rows[0].n)).toBe(size);
    }, 60_000);
    return { list, people };
  }

  beforeAll(async () => {
    h = await startHarness({ clock, sendGovernor: OPEN_GOVERNOR });
    admin = (await h.login()).token;
    const created = await h.api<{ id: number }>('/whatsapp', { token: admin, body: { name: 'Campanhas', channel: 'simulator' } });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    await h.pair(connectionId);
  });
  afterAll(async () => h?.stop());

  it("refuses bad input with a catalogue code and writes nothing: another company's list, a schedule in the past, an edit too close to its time", async () => {
    const { list } = await contactList('Regras', 2);
    const other = await addCompany(h, 'Outra Empresa');
    const otherAdmin = (await h.login(other.email, other.password)).token;
    const foreign = (await h.api<ContactList>('/contact-lists', { token: otherAdmin, body: { name: 'Alheia' } })).body;
    const base = { name: 'Promo', whatsappId: connectionId, message1: 'Olá {nome}' };
    const before = await eventCount();
    expect(await h.api<Answer<object>>('/campaigns', { token: admin, body: {} })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await h.api<Answer<object>>('/campaigns', { token: admin, body: { ...base, name: 'P' } })).toMatchObject({ status: 400, body: { details: [{ path: 'name', rule: 'tooShort' }] } });
    expect(await h.api<Answer<object>>('/campaigns', { token: admin, body: { ...base, contactListId: foreign.id } })).toMatchObject({ status: 400, body: { details: [{ path: 'contactListId' }] } });
    const past = new Date(clock().getTime() - 60_000).toISOString();
    expect(await h.api<Answer<object>>('/campaigns', { token: admin, body: { ...base, contactListId: list.id, scheduledAt: past } })).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_SCHEDULE_IN_PAST' } });
    const soon = new Date(clock().getTime() + 2 * 3600_000).toISOString();
    expect(await h.api<Answer<object>>('/campaigns', { token: admin, body: { name: 'Sem texto', whatsappId: connectionId, contactListId: list.id, scheduledAt: soon } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_CAMPAIGN_NO_MESSAGE' },
    });
    expect(await h.api<Answer<object>>('/campaigns', { token: admin, body: { ...base, scheduledAt: soon } })).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_NO_RECIPIENTS' } });
    expect(await eventCount()).toBe(before);

    // Another company sees none of it.
    const created = await h.api<CampaignView>('/campaigns', { token: admin, body: { ...base, contactListId: list.id } });
    expect(created).toMatchObject({ status: 201, body: { status: 'INATIVA', editable: true, contactList: { id: list.id, name: 'Regras' }, whatsapp: { id: connectionId } } });
    const id = created.body.id;
    expect(await h.api(`/campaigns/${id}`, { token: otherAdmin })).toMatchObject({ status: 404, body: { error: 'ERR_CAMPAIGN_NOT_FOUND' } });
    expect(await h.api(`/campaigns/${id}`, { method: 'PUT', token: otherAdmin, body: { name: 'Minha' } })).toMatchObject({ status: 404 });
    expect(await h.api(`/campaigns/${id}/cancel`, { method: 'POST', token: otherAdmin })).toMatchObject({ status: 404 });
    // Not an admin: no campaigns.
    const agent = await addUser(h, 'agent@campaigns.test');
    expect((await h.api('/campaigns', { token: (await h.login(agent.email, agent.password)).token })).status).toBe(403);

    // Only a running campaign is cancelled, only a cancelled one restarted.
    expect(await h.api(`/campaigns/${id}/cancel`, { method: 'POST', token: admin })).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_INVALID_TRANSITION' } });
    expect(await h.api(`/campaigns/${id}/restart`, { method: 'POST', token: admin })).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_INVALID_TRANSITION' } });

    // Scheduled 61 minutes ahead it may be edited; 59 minutes ahead it may not.
    const at = (minutes: number) => new Date(clock().getTime() + minutes * 60_000).toISOString();
    expect(await h.api(`/campaigns/${id}`, { method: 'PUT', token: admin, body: { scheduledAt: at(61) } })).toMatchObject({ status: 200, body: { status: 'PROGRAMADA', editable: true } });
    expect(await h.api(`/campaigns/${id}`, { method: 'PUT', token: admin, body: { scheduledAt: at(59) } })).toMatchObject({ status: 200, body: { status: 'PROGRAMADA', editable: false } });
    const frozen = await eventCount();
    expect(await h.api(`/campaigns/${id}`, { method: 'PUT', token: admin, body: { name: 'Tarde demais' } })).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
    expect(await eventCount()).toBe(frozen);
    expect((await campaign(id)).name).toBe('Promo');
    expect(await h.api(`/campaigns/${id}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200 });
    expect(await h.api(`/campaigns/${id}`, { token: admin })).toMatchObject({ status: 404 });
  });

  it('settings: the page’s choices only, variable keys not repeated; saved as a whole', async () => {
    expect((await h.api<CampaignSettings>('/campaign-settings', { token: admin })).body).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
    expect(await h.api('/campaign-settings', { token: admin, body: { messageInterval: 7 } })).toMatchObject({ status: 400, body: { details: [{ path: 'messageInterval', rule: 'oneOf' }] } });
    expect(
      await h.api('/campaign-settings', { token: admin, body: { variables: [{ key: 'promo', value: 'a' }, { key: 'promo', value: 'b' }] } }),
    ).toMatchObject({ status: 400, body: { details: [{ path: 'variables' }] } });
    expect(await h.api('/campaign-settings', { token: admin, body: { variables: [{ key: 'nome', value: 'x' }] } })).toMatchObject({ status: 400 });
  });

  it('500 contacts: each message at its paced time (interval, longer pause), one variant each with its placeholders filled; a restart half-way sends nobody a second', async () => {
    const settings = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 20, variables: [{ key: 'cupom', value: 'BLACK10' }] };
    expect((await h.api('/campaign-settings', { token: admin, body: settings })).status).toBe(200);
    const { list, people } = await contactList('Quinhentos', 500);
    const scheduledAt = new Date(Math.ceil((clock().getTime() + 2 * 3600_000) / 1000) * 1000).toISOString();
    const created = await h.api<CampaignView>('/campaigns', {
      token: admin,
      body: { name: 'Black Friday', whatsappId: connectionId, contactListId: list.id, scheduledAt, message1: 'Olá {nome}, use {cupom}!', message3: 'Oi {nome} ({numero}, {email}): {cupom}' },
    });
    expect(created).toMatchObject({ status: 201, body: { status: 'PROGRAMADA' } });
    const id = created.body.id;
    const queued = async () => Number((await h.atendo.knex.raw(`SELECT count(*) AS n FROM campaign_shipping WHERE campaign_id = ?`, [id])).rows[0].n);

    // Nothing before its time.
    offsetMs += Date.parse(scheduledAt) - clock().getTime() - 1_000;
    dispatcher().poke?.();
    await new Promise((r) => setTimeout(r, 300));
    expect((await campaign(id)).status).toBe('PROGRAMADA');

    const start = Date.parse(scheduledAt);
    const base = Date.now();
    let current = dispatcher() as CampaignDispatcher;
    // Messages the dispatchers handed over (the read model follows a moment later).
    let before = current.sent;
    const handedOver = () => current.sent - before;
    for (let n = 1; n <= 500; n++) {
      // The clock stands exactly at the n-th message's time: the n-th goes, the next one does not.
      frozen = start + messageOffsetSeconds(n, settings) * 1000;
      current.poke?.();
      await eventually(() => expect(handedOver()).toBe(n), 10_000, 2);
      if (n === 250) {
        // The jobs role dies half-way and another takes over, knowing nothing but what the log and the tables say.
        await current.stop();
        const fresh = new CampaignDispatcher({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, store: h.atendo.store, conversations: h.atendo.conversations, log: createLogger('warn'), clock, governors: new SendGovernors(h.atendo.knex, OPEN_GOVERNOR) });
        fresh.start();
        before = -250;
        current = fresh;
      }
    }
    await eventually(async () => expect(await queued()).toBe(500), 10_000);
    frozen = null;
    offsetMs = start + messageOffsetSeconds(500, settings) * 1000 - Date.now();
    expect(Date.now() - base).toBeGreaterThan(0);
    const rows = (await h.atendo.knex('campaign_shipping').where({ campaign_id: id }).orderBy('seq').select('seq', 'number', 'due_at', 'variant', 'body')) as Array<{ seq: number; number: string; due_at: Date; variant: number; body: string }>;
    expect(rows.map((r) => r.due_at.getTime() - start)).toEqual(Array.from({ length: 500 }, (_, i) => messageOffsetSeconds(i + 1, settings) * 1000));
    // The 11th message waits the interval and the longer pause: 10 × 5 s + 20 s.
    expect(rows[10]!.due_at.getTime() - start).toBe(70_000);

    // Every person's phone got exactly one message, one of the two variants, filled in for them.
    const byNumber = new Map(people.map((p) => [p.number, p]));
    const variants = new Set<number>();
    for (const row of rows) {
      const p = byNumber.get(row.number)!;
      variants.add(row.variant);
      expect(row.body).toBe(row.variant === 1 ? `Olá ${p.name}, use BLACK10!` : `Oi ${p.name} (${p.number}, ${p.email}): BLACK10`);
    }
    expect([...variants].sort()).toEqual([1, 3]);
    await eventually(async () => {
      const report = (await h.api<CampaignReport>(`/campaigns/${id}/report`, { token: admin })).body;
      expect(report.campaign).toMatchObject({ status: 'FINALIZADA', progress: { validContacts: 500, queued: 500, delivered: 500, failed: 0, percent: 100 } });
      expect(report.timeline.reduce((n, p) => n + p.delivered, 0)).toBe(500);
    }, 60_000);
    for (const p of people.filter((_, i) => i % 25 === 0 || (i >= 245 && i <= 255))) {
      const got = await phone(p.number);
      expect(got, p.number).toHaveLength(1);
    }
    const { rows: counts } = await h.atendo.knex.raw(
      `SELECT count(*) AS messages, count(DISTINCT contact_id) AS contacts FROM messages WHERE from_me AND id LIKE ?`,
      [`campaign-%-${id}-%`],
    );
    expect({ messages: Number(counts[0].messages), contacts: Number(counts[0].contacts) }).toEqual({ messages: 500, contacts: 500 });
    // Replies do not flood the agents: the tickets that carried the messages are closed.
    const { rows: open } = await h.atendo.knex.raw(
      `SELECT count(*) AS n FROM tickets t JOIN messages m ON m.ticket_id = t.id WHERE m.id LIKE ? AND t.status <> 'closed'`,
      [`campaign-%-${id}-%`],
    );
    expect(Number(open[0].n)).toBe(0);
    const shipping = (await h.api<{ records: CampaignShipping[]; hasMore: boolean }>(`/campaigns/${id}/shipping`, { token: admin })).body;
    expect(shipping).toMatchObject({ hasMore: true, records: expect.arrayContaining([expect.objectContaining({ deliveredAt: expect.any(String) })]) });
    if (current !== dispatcher()) {
      await current.stop();
      dispatcher().start?.();
    }
  }, 240_000);
  it("to a tag's contacts: each gets the message with the campaign's image, then the file list's text and file", async () => {
    await h.api('/campaign-settings', { token: admin, body: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const tag = (await h.api<{ id: number }>('/tags', { token: admin, body: { name: 'Clientes VIP', kanban: 0 } })).body;
    const customers = ['5511970099001', '5511970099002', '5511970099003'];
    for (const number of customers) {
      await h.customerSays(number, 'Oi, quero ofertas', 'VIP', connectionId);
      const ticket = await eventually(async () => {
        const { rows } = await h.atendo.knex.raw(`SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ?`, [number]);
        expect(rows).toHaveLength(1);
        return Number(rows[0].id);
      });
      expect((await h.api('/tags/sync', { token: admin, body: { ticketId: ticket, tags: [{ id: tag.id }] } })).status).toBe(200);
    }
    const fileList = (await h.api<{ id: number; options: Array<{ id: number }> }>('/files', { token: admin, body: { name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Tabela' }] } })).body;
    const form = new FormData();
    form.append('files', new Blob([png], { type: 'image/png' }), 'tabela.png');
    form.append('id', String(fileList.options[0]!.id));
    expect((await fetch(`${h.url}/files/uploadList/${fileList.id}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })).status).toBe(200);

    const scheduledAt = new Date(Date.now() + offsetMs + 2 * 3600_000).toISOString();
    const created = await h.api<CampaignView>('/campaigns', { token: admin, body: { name: 'VIP', whatsappId: connectionId, tagId: tag.id, fileListId: fileList.id, scheduledAt, message1: 'Oferta VIP para {nome}' } });
    expect(created).toMatchObject({ status: 201, body: { tag: { id: tag.id, name: 'Clientes VIP' }, fileListId: fileList.id } });
    const id = created.body.id;
    const media = new FormData();
    media.append('file', new Blob([png], { type: 'image/png' }), 'oferta vip.png');
    const withMedia = (await (await fetch(`${h.url}/campaigns/${id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: media })).json()) as CampaignView;
    expect(withMedia).toMatchObject({ mediaName: 'oferta_vip.png', mediaPath: expect.stringMatching(/^\/public\//) });

    offsetMs += Date.parse(scheduledAt) - clock().getTime();
    dispatcher().poke?.();
    await eventually(async () => expect((await campaign(id))).toMatchObject({ status: 'FINALIZADA', progress: { validContacts: 3, delivered: 3 } }), 30_000);
    for (const number of customers) {
      // The customer's phone: the campaign's message with its image, then the list's text, then the list's file.
      const got = await eventually(async () => {
        const messages = (await phone(number)) as Array<{ body: string; media?: { mediaType: string } }>;
        expect(messages).toHaveLength(3);
        return messages;
      });
      expect(got.map((m) => [m.body, m.media?.mediaType ?? null])).toEqual([
        ['Oferta VIP para VIP', 'image'],
        ['Segue o catálogo', null],
        ['Tabela', 'image'],
      ]);
    }
    // A finished campaign is neither cancelled nor restarted.
    expect(await h.api(`/campaigns/${id}/cancel`, { method: 'POST', token: admin })).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_INVALID_TRANSITION' } });
    expect(await h.api(`/campaigns/${id}`, { method: 'PUT', token: admin, body: { name: 'Outra' } })).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
  }, 60_000);
  it('cancelled half-way it stops; restarted it goes on with those who had nothing, and nobody gets two', async () => {
    await h.api('/campaign-settings', { token: admin, body: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 } });
    const { list, people } = await contactList('Pausa', 6);
    const scheduledAt = new Date(Math.ceil((Date.now() + offsetMs + 2 * 3600_000) / 1000) * 1000).toISOString();
    const id = (await h.api<CampaignView>('/campaigns', { token: admin, body: { name: 'Pausa', whatsappId: connectionId, contactListId: list.id, scheduledAt, message1: 'Oi {nome}' } })).body.id;
    const start = Date.parse(scheduledAt);
    const queuedNow = async () => (await campaign(id)).progress.queued;
    frozen = start;
    dispatcher().poke?.();
    await eventually(async () => expect(await queuedNow()).toBe(1), 10_000);
    frozen = start + 5_000;
    dispatcher().poke?.();
    await eventually(async () => expect(await queuedNow()).toBe(2), 10_000);
    expect(await h.api(`/campaigns/${id}/cancel`, { method: 'POST', token: admin })).toMatchObject({ status: 200, body: { status: 'CANCELADA', editable: true } });
    frozen = start + 60_000;
    dispatcher().poke?.();
    await new Promise((r) => setTimeout(r, 500));
    expect(await queuedNow()).toBe(2);
    // A cancelled one still saves, and stays cancelled.
    expect(await h.api(`/campaigns/${id}`, { method: 'PUT', token: admin, body: { message1: 'Olá {nome}' } })).toMatchObject({ status: 200, body: { status: 'CANCELADA' } });
    expect(await h.api(`/campaigns/${id}/restart`, { method: 'POST', token: admin })).toMatchObject({ status: 200, body: { status: 'EM_ANDAMENTO' } });
    // Paced again from the restart, 5 s apart: the clock moves on in steps until the rest went (a connection that
    // flickers under load may hold one back a while; it never makes two closer).
    frozen = start + 120_000;
    await eventually(async () => {
      frozen! += 1_000;
      dispatcher().poke?.();
      await new Promise((r) => setTimeout(r, 50));
      expect(await queuedNow()).toBe(6);
    }, 60_000, 10);
    const { rows: due } = await h.atendo.knex.raw(`SELECT due_at FROM campaign_shipping WHERE campaign_id = ? ORDER BY seq`, [id]);
    const times = (due as Array<{ due_at: Date }>).map((r) => r.due_at.getTime());
    expect(times[2]! - start).toBeGreaterThanOrEqual(120_000);
    for (let i = 3; i < 6; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(5_000);
    await eventually(async () => expect(await campaign(id)).toMatchObject({ status: 'FINALIZADA', progress: { queued: 6, delivered: 6 } }), 30_000);
    frozen = null;
    // The two sent before the cancel had the text of then; the others, the text saved while it was cancelled.
    const { rows: order } = await h.atendo.knex.raw(`SELECT number FROM campaign_shipping WHERE campaign_id = ? ORDER BY seq`, [id]);
    const before = new Set((order as Array<{ number: string }>).slice(0, 2).map((r) => r.number));
    for (const p of people) {
      const got = await phone(p.number);
      expect(got.map((m) => m.body)).toEqual([before.has(p.number) ? `Oi ${p.name}` : `Olá ${p.name}`]);
    }
  }, 90_000);

  it("an earlier message's delivery that comes while the last one is being handed over does not finish the campaign without it", async () => {
    await h.api('/campaign-settings', { token: admin, body: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
    const { list, people } = await contactList('Última', 3);
    // The last the dispatcher takes: the list's order (its items were added side by side, in any order).
    const { rows: order } = await h.atendo.knex.raw(`SELECT number FROM contact_list_items WHERE contact_list_id = ? ORDER BY id`, [list.id]);
    const last = people.find((p) => p.number === (order as Array<{ number: string }>).at(-1)!.number)!;
    // Hours past the clocks of the tests before (the connection's governor remembers when it last sent).
    const scheduledAt = new Date(Math.ceil((Date.now() + offsetMs + 6 * 3600_000) / 1000) * 1000).toISOString();
    const id = (await h.api<CampaignView>('/campaigns', { token: admin, body: { name: 'Última', whatsappId: connectionId, contactListId: list.id, scheduledAt, message1: 'Oi {nome}' } })).body.id;
    const companyId = (await campaign(id)).companyId;
    // Deliveries as the campaign's stream has them (its shipping rows may show an outcome that came first a moment later).
    const delivered = async () => (await h.atendo.store.readStream(campaignStream(companyId, id))).filter((e) => e.type === 'CampaignDelivered').length;
    // The last contact's message is held at the conversation until the others were delivered and the dispatcher has
    // had a moment to act on those outcomes: the moment at which it once took the list for done.
    let held = false;
    const conversations = Object.assign(Object.create(h.atendo.conversations) as typeof h.atendo.conversations, {
      sendExternal: async (input: Parameters<typeof h.atendo.conversations.sendExternal>[0]) => {
        if (input.number === last.number && input.messageId.startsWith('campaign-')) {
          held = true;
          await eventually(async () => expect(await delivered()).toBe(people.length - 1), 20_000);
          await new Promise((r) => setTimeout(r, 500));
        }
        return h.atendo.conversations.sendExternal(input);
      },
    });
    const running = dispatcher() as CampaignDispatcher;
    await running.stop();
    const holding = new CampaignDispatcher({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, store: h.atendo.store, conversations, log: createLogger('warn'), clock, governors: new SendGovernors(h.atendo.knex, OPEN_GOVERNOR) });
    holding.start();
    try {
      frozen = Date.parse(scheduledAt);
      holding.poke?.();
      await eventually(async () => expect(await campaign(id)).toMatchObject({ status: 'FINALIZADA', progress: { validContacts: 3, queued: 3, delivered: 3 } }), 30_000);
      expect(held).toBe(true);
      expect((await phone(last.number)).map((m) => m.body)).toEqual([`Oi ${last.name}`]);
    } finally {
      frozen = null;
      await holding.stop();
      running.start?.();
    }
  }, 60_000);
});

describe('campaigns: the send governor', () => {
  let h: Harness;
  let admin: string;
  let connectionId: number;
  let apiToken: string;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    // Spacing of 1 to 2 s and 60 a minute: the rules that matter here are the pause and the slow-down after a 429.
    h = await startHarness({ clock, sendGovernor: { ...OPEN_GOVERNOR, perMinute: 60, minSpacingMs: 1_000, maxSpacingMs: 2_000 } });
    admin = (await h.login()).token;
    connectionId = (await h.api<{ id: number }>('/whatsapp', { token: admin, body: { name: 'Limitada', channel: 'simulator' } })).body.id;
    apiToken = (await h.api<{ token: string }>(`/whatsapp/${connectionId}/token`, { method: 'POST', token: admin })).body.token;
    await h.pair(connectionId);
  });
  afterAll(async () => h?.stop());

  it('WhatsApp answers 429: the connection pauses a minute, the report and the connections page say why and until when, then it sends slower', async () => {
    await h.api('/campaign-settings', { token: admin, body: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
    const list = (await h.api<ContactList>('/contact-lists', { token: admin, body: { name: 'Limite' } })).body;
    for (let i = 1; i <= 5; i++) await h.api('/contact-list-items', { token: admin, body: { contactListId: list.id, name: `Gov ${i}`, number: `5511960000${String(i).padStart(3, '0')}` } });
    await eventually(async () => {
      const { rows } = await h.atendo.knex.raw(`SELECT count(*) AS n FROM contact_list_items WHERE contact_list_id = ? AND is_whatsapp_valid`, [list.id]);
      expect(Number(rows[0].n)).toBe(5);
    }, 60_000);
    // WhatsApp will refuse the first message as too many.
    const fault = await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rateLimitSends: 1 }) });
    expect(fault.status).toBe(200);
    const scheduledAt = new Date(clock().getTime() + 2 * 3600_000).toISOString();
    const id = (await h.api<CampaignView>('/campaigns', { token: admin, body: { name: 'Rajada', whatsappId: connectionId, contactListId: list.id, scheduledAt, message1: 'Oi {nome}' } })).body.id;
    offsetMs += Date.parse(scheduledAt) - clock().getTime();
    h.atendo.processes.get('campaigns')!.poke?.();

    const held = await eventually(async () => {
      const c = (await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body;
      expect(c.progress.failed).toBe(1);
      expect(c.deferral).toMatchObject({ reason: 'rateLimited' });
      return c;
    }, 20_000);
    const pausedFor = Date.parse(held.deferral!.notBefore) - clock().getTime();
    expect(pausedFor).toBeGreaterThan(50_000);
    expect(pausedFor).toBeLessThanOrEqual(60_000);
    const governors = (await h.api<SendGovernorStatus[]>('/send-governor', { token: admin })).body;
    expect(governors.find((g) => g.whatsappId === connectionId)).toMatchObject({ reason: 'rateLimited', slowDownLevel: 1 });
    const shipping = (await h.api<{ records: CampaignShipping[] }>(`/campaigns/${id}/shipping`, { token: admin })).body.records;
    expect(shipping.find((s) => s.failedAt)?.reason).toMatch(/429/);
    // The external API shares the connection's budget: held back, it answers 429 with Retry-After and sends nothing.
    const viaApi = await fetch(`${h.url}/api/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511960000099', body: 'Pelo API' }),
    });
    expect(viaApi.status).toBe(429);
    expect(Number(viaApi.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await viaApi.json()) as { error: string }).error).toBe('ERR_TOO_MANY_REQUESTS');
    // Nothing goes during the pause.
    await new Promise((r) => setTimeout(r, 500));
    expect((await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body.progress.queued).toBe(1);

    // After the pause it goes on, slowed down: twice the gap (2 to 4 s instead of 1 to 2 s) between two messages.
    offsetMs += 61_000;
    await eventually(async () => {
      offsetMs += 500;
      h.atendo.processes.get('campaigns')!.poke?.();
      await new Promise((r) => setTimeout(r, 50));
      expect((await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body.progress.queued).toBe(5);
    }, 60_000, 10);
    const { rows: due } = await h.atendo.knex.raw(`SELECT due_at FROM campaign_shipping WHERE campaign_id = ? ORDER BY seq`, [id]);
    const times = (due as Array<{ due_at: Date }>).map((r) => r.due_at.getTime());
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(60_000);
    for (let i = 2; i < 5; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2_000);
    await eventually(async () => expect((await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body).toMatchObject({ status: 'FINALIZADA', progress: { delivered: 4, failed: 1 } }), 20_000);
  }, 120_000);

  it('the connection drops: sending waits, the report says why; back again, it waits 30 s more, then goes on', async () => {
    const list = (await h.api<ContactList>('/contact-lists', { token: admin, body: { name: 'Queda' } })).body;
    for (let i = 1; i <= 3; i++) await h.api('/contact-list-items', { token: admin, body: { contactListId: list.id, name: `Queda ${i}`, number: `5511960001${String(i).padStart(3, '0')}` } });
    await eventually(async () => {
      const { rows } = await h.atendo.knex.raw(`SELECT count(*) AS n FROM contact_list_items WHERE contact_list_id = ? AND is_whatsapp_valid`, [list.id]);
      expect(Number(rows[0].n)).toBe(3);
    }, 60_000);
    // A quiet hour first: the strikes of the test before wear off.
    offsetMs += 3_600_000;
    expect((await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/disconnect`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => expect((await h.atendo.knex('whatsapps').where({ id: connectionId }).first('status')).status).not.toBe('CONNECTED'));
    const scheduledAt = new Date(clock().getTime() + 2 * 3600_000).toISOString();
    const id = (await h.api<CampaignView>('/campaigns', { token: admin, body: { name: 'Queda', whatsappId: connectionId, contactListId: list.id, scheduledAt, message1: 'Oi {nome}' } })).body.id;
    offsetMs += Date.parse(scheduledAt) - clock().getTime();
    h.atendo.processes.get('campaigns')!.poke?.();
    await eventually(async () => expect((await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body).toMatchObject({ status: 'EM_ANDAMENTO', progress: { queued: 0 }, deferral: { reason: 'disconnected' } }), 20_000);

    // The admin asks for a new QR code and the phone scans it.
    expect((await h.api(`/whatsappsession/${connectionId}`, { method: 'POST', token: admin })).status).toBeLessThan(300);
    await h.pair(connectionId);
    await eventually(async () => expect((await h.atendo.knex('whatsapps').where({ id: connectionId }).first('status')).status).toBe('CONNECTED'));
    h.atendo.processes.get('campaigns')!.poke?.();
    await new Promise((r) => setTimeout(r, 1_000));
    // Connected again: a cool-down before the first message.
    const c = (await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body;
    expect(c.progress.queued).toBe(0);
    offsetMs += 31_000;
    // Then it goes on (the clock moves on in steps: a status that flickers while the phone syncs may hold it again).
    await eventually(async () => {
      offsetMs += 8_000;
      h.atendo.processes.get('campaigns')!.poke?.();
      await new Promise((r) => setTimeout(r, 100));
      expect((await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body.progress.queued).toBe(3);
    }, 30_000, 200);
    await eventually(async () => expect((await h.api<CampaignView>(`/campaigns/${id}`, { token: admin })).body).toMatchObject({ status: 'FINALIZADA', progress: { delivered: 3 } }), 20_000);
  }, 120_000);
});
