import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleMessageId, type ListTicketsResponse, type Schedule, type SchedulePage } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { ScheduleRunner } from './features/schedules/scheduleRunner.js';
import { createLogger } from './logger.js';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { userEventCount } from './testing/log.js';
import { withoutPlanFlag } from './testing/plans.js';
import { brokenRules, expectAllRefused } from './testing/refusals.js';
import { movableClock } from './testing/clock.js';

type Answer<T> = T & { error?: string; details?: Array<{ path: string; rule: string }> };

const png = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HOUR = 3_600_000;

/**
 * Scheduled messages end to end (issue 14): the routes with the spec's validation, tenancy and plan gate, and the
 * jobs role's runner under a clock the test moves, sending through the simulator.
 */
describe('schedules', () => {
  let h: Harness;
  let admin: string;
  let agent: string;
  const time = movableClock();
  const clock = time.now;
  let customers = 0;

  const eventCount = () => userEventCount(h);
  const create = (body: unknown, token = agent) => h.api<Answer<Schedule>>('/schedules', { token, body });
  const get = async (id: number) => (await h.api<Schedule>(`/schedules/${id}`, { token: agent })).body;
  const inAnHour = () => new Date(Date.now() + HOUR).toISOString();
  const upload = async (id: number, file: Buffer, name: string, token = agent) => {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    const res = await fetch(`${h.url}/schedules/${id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as Answer<Schedule> };
  };

  /** A customer who wrote to `whatsappId` (a contact with a ticket on it), and what the platform sent her there. */
  async function customer(name: string, whatsappId = h.whatsappId) {
    const number = `55119444${String(++customers).padStart(5, '0')}`;
    await h.customerSays(number, 'Olá', name, whatsappId);
    const ticket = await eventually(async () => {
      const [t] = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=`, { token: admin })).body.tickets;
      expect(t).toBeDefined();
      return t!;
    });
    const phone = async (via = whatsappId) =>
      ((await (await fetch(`${h.simulator.url}/simulator/sessions/${via}/customers/${number}/messages`)).json()) as { messages?: Array<{ sender: string; body: string }> }).messages
        ?.filter((m) => m.sender === 'platform')
        .map((m) => m.body) ?? [];
    return { number, contactId: ticket.contact.id, ticketId: ticket.id, phone };
  }

  beforeAll(async () => {
    h = await startHarness({ clock });
    admin = (await h.login()).token;
    const user = await addUser(h, 'agent@schedules.test');
    agent = (await h.login(user.email, user.password)).token;
  });
  afterAll(async () => h?.stop());
  beforeEach(() => {
    time.set(0);
  });

  it('refuses bad input with a clear 4xx and writes nothing: short text, no contact, a time past, another company’s contact or connection', async () => {
    const ana = await customer('Ana Souza');
    const b = await addCompany(h, 'Outra empresa');
    const tokenB = (await h.login(b.email, b.password)).token;
    const theirContact = (await h.api<{ id: number }>('/contacts', { token: tokenB, body: { name: 'Cliente da B', number: '5511933330001' } })).body;
    const before = await eventCount();
    const rules = (body: unknown) => brokenRules(create(body));
    expect(await rules({})).toEqual(['body:required', 'contactId:required', 'sendAt:required']);
    expect(await rules({ body: 'Oi', contactId: ana.contactId, sendAt: inAnHour() })).toEqual(['body:tooShort']);
    expect(await rules({ body: 'Olá Ana', contactId: ana.contactId, sendAt: 'amanhã' })).toEqual(['sendAt:invalid']);
    expect(await create({ body: 'Olá Ana', contactId: ana.contactId, sendAt: new Date(Date.now() - 60_000).toISOString() })).toMatchObject({ status: 400, body: { error: 'ERR_SCHEDULE_IN_PAST' } });
    expect(await create({ body: 'Olá Ana', contactId: theirContact.id, sendAt: inAnHour() })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await create({ body: 'Olá Ana', contactId: ana.contactId, sendAt: inAnHour(), whatsappId: b.whatsappId })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await create({ body: 'Olá Ana', contactId: ana.contactId, sendAt: inAnHour(), ticketId: 999999 })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await eventCount()).toBe(before);

    // Any user of the company schedules; another company sees nothing of it.
    const created = await create({ body: '  Lembrete da consulta  ', contactId: ana.contactId, sendAt: inAnHour(), ticketId: ana.ticketId });
    expect(created).toMatchObject({ status: 201, body: { body: 'Lembrete da consulta', status: 'PENDENTE', sentAt: null, contact: { name: 'Ana Souza' }, ticketId: ana.ticketId } });
    const id = created.body.id;
    expect(await h.api(`/schedules/${id}`, { token: tokenB })).toMatchObject({ status: 404, body: { error: 'ERR_SCHEDULE_NOT_FOUND' } });
    expect(await h.api(`/schedules/${id}`, { method: 'PUT', token: tokenB, body: { body: 'Mudado pela B' } })).toMatchObject({ status: 404 });
    expect(await h.api(`/schedules/${id}`, { method: 'DELETE', token: tokenB })).toMatchObject({ status: 404 });
    expect((await h.api<SchedulePage>('/schedules', { token: tokenB })).body.schedules).toEqual([]);
    expect(await h.api(`/schedules/${id}`, { method: 'PUT', token: agent, body: { sendAt: new Date(Date.now() - HOUR).toISOString() } })).toMatchObject({ status: 400, body: { error: 'ERR_SCHEDULE_IN_PAST' } });
    expect(await h.api(`/schedules/${id}`, { method: 'PUT', token: agent, body: { contactId: theirContact.id } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect((await get(id)).body).toBe('Lembrete da consulta');

    // The list: by contact name or text, and by the calendar's span.
    expect((await h.api<SchedulePage>('/schedules?searchParam=ana souza', { token: admin })).body.schedules.map((s) => s.id)).toContain(id);
    expect((await h.api<SchedulePage>('/schedules?searchParam=ninguém', { token: admin })).body.schedules).toEqual([]);
    const span = (from: number, to: number) => `/schedules?startDate=${new Date(Date.now() + from).toISOString()}&endDate=${new Date(Date.now() + to).toISOString()}`;
    expect((await h.api<SchedulePage>(span(0, 2 * HOUR), { token: agent })).body.schedules.map((s) => s.id)).toContain(id);
    expect((await h.api<SchedulePage>(span(2 * HOUR, 3 * HOUR), { token: agent })).body.schedules.map((s) => s.id)).not.toContain(id);
    expect(await h.api(`/schedules?startDate=${new Date().toISOString()}`, { token: agent })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await h.api(`/schedules/${id}`, { method: 'DELETE', token: agent })).toMatchObject({ status: 200 });
    expect(await h.api(`/schedules/${id}`, { token: agent })).toMatchObject({ status: 404 });
  });

  it('takes a png or jpeg image only, by its content', async () => {
    const bia = await customer('Bia');
    const { id } = (await create({ body: 'Veja a promoção', contactId: bia.contactId, sendAt: inAnHour() })).body;
    expect(await upload(id, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'promo.png')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'file', rule: 'imageType' }] } });
    expect((await get(id)).mediaPath).toBeNull();
    const ok = await upload(id, png(), 'promo.png');
    expect(ok).toMatchObject({ status: 200, body: { mediaName: 'promo.png', mediaPath: expect.stringMatching(/^\/public\//) } });
    expect(await h.api(`/schedules/${id}/media-upload`, { method: 'DELETE', token: agent })).toMatchObject({ status: 200, body: { mediaPath: null, mediaName: null } });
  });

  it('is refused, every route, when the plan has no schedules', async () => {
    const cris = await customer('Cris');
    const { id } = (await create({ body: 'Antes do plano mudar', contactId: cris.contactId, sendAt: inAnHour() })).body;
    await withoutPlanFlag(h, 'useSchedules', () =>
      expectAllRefused(h, agent, [
        ['GET', '/schedules'],
        ['GET', `/schedules/${id}`],
        ['POST', '/schedules', { body: 'Sem plano', contactId: cris.contactId, sendAt: inAnHour() }],
        ['PUT', `/schedules/${id}`, { body: 'Sem plano' }],
        ['DELETE', `/schedules/${id}/media-upload`],
        ['DELETE', `/schedules/${id}`],
      ]),
    );
    expect((await get(id)).body).toBe('Antes do plano mudar');
  });

  it('missed while the platform was down, it is sent on start: late, once, variables filled in; then it cannot change', async () => {
    const runner = h.atendo.processes.get('schedules')!;
    await runner.stop();
    const dani = await customer('Daniela Lima');
    const created = await create({ body: '{{greeting}}, {{firstName}}! Seu protocolo é {{protocol}}. ({{name}})', contactId: dani.contactId, sendAt: new Date(Date.now() + 60_000).toISOString() });
    expect(created.status).toBe(201);
    const { id } = created.body;
    // Down when it came due: two hours pass and nothing is sent.
    time.set(2 * HOUR);
    await new Promise((r) => setTimeout(r, 500));
    expect(await dani.phone()).toEqual([]);
    expect((await get(id)).status).toBe('PENDENTE');

    // A crash after the send and before its record: the message is in the conversation already.
    const restarted = new ScheduleRunner({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, store: h.atendo.store, conversations: h.atendo.conversations, log: createLogger('warn'), clock });
    restarted.start();
    try {
      const sent = await eventually(async () => {
        const s = await get(id);
        expect(s.status).toBe('ENVIADA');
        return s;
      }, 10_000);
      expect(sent).toMatchObject({ messageId: scheduleMessageId(h.companyId, id), ticketId: dani.ticketId, whatsappId: h.whatsappId, error: null });
      // Late: sent when the platform came back, not at its time.
      expect(Date.parse(sent.sentAt!) - Date.parse(sent.sendAt)).toBeGreaterThan(HOUR);
      const greeting = /^(Bom dia|Boa tarde|Boa noite), Daniela!/;
      await eventually(async () => expect(await dani.phone()).toEqual([expect.stringMatching(greeting)]), 10_000);
      expect((await dani.phone())[0]).toContain(`Seu protocolo é ${dani.ticketId}. (Daniela Lima)`);
      // Another look, and another runner: still one message.
      restarted.poke();
      const again = new ScheduleRunner({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, store: h.atendo.store, conversations: h.atendo.conversations, log: createLogger('warn'), clock });
      expect(await again.sendDue(sent)).toBe('sent');
      await new Promise((r) => setTimeout(r, 500));
      expect(await dani.phone()).toHaveLength(1);
      expect(Number((await h.atendo.knex.raw(`SELECT count(*) AS n FROM events WHERE event_type = 'ScheduleSent' AND (data->>'id')::bigint = ?`, [id])).rows[0].n)).toBe(1);
    } finally {
      await restarted.stop();
      runner.start();
    }

    // Sent: not editable (its media neither), still deletable.
    expect(await h.api(`/schedules/${id}`, { method: 'PUT', token: agent, body: { body: 'Outra mensagem' } })).toMatchObject({ status: 409, body: { error: 'ERR_SCHEDULE_ALREADY_SENT' } });
    expect(await upload(id, png(), 'tarde.png')).toMatchObject({ status: 409, body: { error: 'ERR_SCHEDULE_ALREADY_SENT' } });
    expect(await h.api(`/schedules/${id}`, { method: 'DELETE', token: agent })).toMatchObject({ status: 200 });
  });

  it('a crash between the send and its record sends nothing new: the runner only records it', async () => {
    const eva = await customer('Eva');
    const { id, ...rest } = (await create({ body: 'Só uma vez, Eva', contactId: eva.contactId, sendAt: new Date(Date.now() + 60_000).toISOString() })).body;
    // What the runner did before it crashed: the message is queued under the schedule's id.
    await h.atendo.conversations.sendExternal({ companyId: h.companyId, whatsappId: h.whatsappId, number: eva.number, messageId: scheduleMessageId(h.companyId, id), body: 'Só uma vez, Eva', queueId: null });
    await eventually(async () => expect(await eva.phone()).toEqual(['Só uma vez, Eva']), 10_000);
    time.set(2 * 60_000);
    h.atendo.processes.get('schedules')!.poke?.();
    await eventually(async () => expect((await get(id)).status).toBe('ENVIADA'), 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(await eva.phone()).toEqual(['Só uma vez, Eva']);
    expect(rest.status).toBe('PENDENTE');
  });

  it('goes through the chosen connection, not the default nor the ticket’s', async () => {
    const second = await h.api<{ id: number }>('/whatsapp', { token: admin, body: { name: 'Segundo número', channel: 'simulator' } });
    expect(second.status).toBe(201);
    await h.pair(second.body.id);
    const fabi = await customer('Fabi');
    const { id } = (await create({ body: 'Pelo segundo número', contactId: fabi.contactId, sendAt: new Date(Date.now() + 60_000).toISOString(), whatsappId: second.body.id })).body;
    time.set(2 * 60_000);
    h.atendo.processes.get('schedules')!.poke?.();
    await eventually(async () => expect(await fabi.phone(second.body.id)).toEqual(['Pelo segundo número']), 10_000);
    expect(await fabi.phone(h.whatsappId)).toEqual([]);
    await eventually(async () => expect(await get(id)).toMatchObject({ status: 'ENVIADA', whatsappId: second.body.id, whatsapp: { name: 'Segundo número' } }));
  });

  it('a contact deleted before its time: ERRO with the reason, nothing sent', async () => {
    const gabi = await customer('Gabi');
    const { id } = (await create({ body: 'Para quem não existe mais', contactId: gabi.contactId, sendAt: new Date(Date.now() + 60_000).toISOString() })).body;
    expect((await h.api(`/contacts/${gabi.contactId}`, { method: 'DELETE', token: admin })).status).toBe(200);
    time.set(2 * 60_000);
    h.atendo.processes.get('schedules')!.poke?.();
    await eventually(async () => expect(await get(id)).toMatchObject({ status: 'ERRO', error: 'The contact was deleted', sentAt: null }), 10_000);
    expect(await gabi.phone()).toEqual([]);
    const edited = await h.api<Schedule>(`/schedules/${id}`, { method: 'PUT', token: agent, body: { sendAt: inAnHour() } });
    expect(edited).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });
});
