import { describe, expect, it } from 'vitest';
import type { ChatbotContext, CompanySchedule } from '@atendo/contracts';
import type { DashboardAnswer, DashboardTimes, TicketsPerDay, TicketsPerUser } from '@atendo/contracts/dashboard';
import { contactStream, type CommandContext } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { Presence } from '@atendo/api';
import { rebuildProjection } from '@atendo/read';
import { findProjection } from '../index.js';
import { addUser, type TestUser } from '../../testing/accounts.js';
import { harnessSuite } from '../../testing/suite.js';
import type { Harness } from '../../testing/harness.js';

type Answer<T> = T & { error?: string; details?: Array<{ path: string }> };

/** The product's "now" for this suite: Thursday 2026-11-26 15:00 in São Paulo, moving on as time does. */
const NOW = Date.parse('2026-11-26T18:00:00Z');
const offset = NOW - Date.now();
const clock = () => new Date(Date.now() + offset);

const weekdays = (start: string, end: string): CompanySchedule[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((d) => ({ weekday: d, weekdayEn: d, startTime: start, endTime: end }));
const closedWeekend: CompanySchedule[] = (['saturday', 'sunday'] as const).map((d) => ({ weekday: d, weekdayEn: d, startTime: '', endTime: '' }));
const saturdayMorning: CompanySchedule[] = [{ weekday: 'sábado', weekdayEn: 'saturday', startTime: '09:00', endTime: '13:00' }];

/** A conversation the test drives at the instants it names: the customer's messages and the agents' commands. */
function conversation(h: Harness, companyId: number, whatsappId: number, number: string) {
  const stream = contactStream(companyId, number);
  let ticketId = 0;
  let messages = 0;
  const at = (iso: string): CommandContext => ({ actor: { type: 'system', name: 'test' }, occurredAt: new Date(iso) });
  const run = async (command: Parameters<Harness['atendo']['conversations']['execute']>[1], iso: string) => h.atendo.conversations.execute(stream, command, at(iso));
  return {
    get ticketId() {
      return ticketId;
    },
    async says(body: string, iso: string, extra: { queueId?: number | null; chatbot?: ChatbotContext } = {}) {
      const result = await h.atendo.conversations.receive({
        companyId, whatsappId, queueId: extra.queueId ?? null, messageId: `dash-${number}-${++messages}`, number, pushName: `Cliente ${number.slice(-3)}`, body,
        mediaType: 'chat', sentAt: new Date(iso), isGroup: false, quotedMessageId: null, ...(extra.chatbot ? { chatbot: extra.chatbot } : {}),
      });
      const opened = result.events.find((e) => e.type === 'TicketOpened');
      if (opened) ticketId = (opened.data as { ticketId: number }).ticketId;
      return result;
    },
    accept: (userId: number, iso: string, greeting?: string) => run({ type: 'AcceptTicket', ticketId, userId, ...(greeting ? { greeting: { messageId: `greet-${number}-${++messages}`, body: greeting } } : {}) }, iso),
    reply: (userId: number, body: string, iso: string) => h.atendo.conversations.reply(stream, { ticketId, body, userId, admin: true, quotedMessageId: null }, at(iso)),
    resolve: (userId: number, iso: string, rating?: { at: string }) =>
      run({ type: 'ResolveTicket', ticketId, userId, admin: true, ...(rating ? { rating: { messageId: `rate-${number}-${++messages}`, body: 'Avalie', at: rating.at } } : {}) }, iso),
    reopen: (userId: number, iso: string) => run({ type: 'ReopenTicket', ticketId, userId }, iso),
    transfer: (by: number, queueId: number, iso: string) => run({ type: 'TransferTicket', ticketId, queueId, by, admin: true, notice: { messageId: `move-${number}-${++messages}`, body: 'Você foi transferido' } }, iso),
  };
}

/** The chatbot as a connection with two queues gives it: it greets with its menu (the bot's message, user 0). */
const chatbot = (queueIds: number[]): ChatbotContext => ({
  greetingMessage: 'Olá! Escolha uma fila:',
  queues: queueIds.map((id, i) => ({ id, name: `Fila ${i + 1}`, greetingMessage: '', options: [], outOfHoursMessage: '', schedules: [] })),
  hours: { scope: 'disabled', timeZone: 'America/Sao_Paulo', schedules: [], outOfHoursMessage: '' },
  greetOneQueue: false,
  maxInvalid: 3,
  invalidWindowMinutes: 0,
  transferQueueId: null,
  rating: { question: 'Avalie de 1 a 3', completion: 'Obrigado!' },
});

/**
 * The dashboard end to end on a hand-computed fixture (decision 0052). Company A is in São Paulo (UTC−3), open Monday
 * to Friday 09:00–18:00; its second queue keeps its own hours (Saturday 09:00–13:00). Company B is in Tokyo (UTC+9)
 * with the same weekday hours. 2026-11-20 is a Friday.
 *
 * A's tickets, in its local time:
 * - T1 (queue 1): the customer writes Fri 20 19:00; an agent accepts Mon 23 09:00 (the greeting in the agent's name
 *   goes with it), replies 09:05 and resolves 10:00; the customer rates it 3. First response 3725 wall minutes and 5
 *   business; wait 3720 and 0; resolution 3780 and 60.
 * - T2 (no queue, then queue 1): the customer writes Tue 24 10:00 and the bot greets with its menu at once; 10:01 a
 *   transfer to queue 1 sends its notice (the system's); accepted 10:30, answered 10:45, resolved 11:00, reopened
 *   17:00 and resolved again Wed 25 09:30. First response 45/45; wait 30/30; resolution (to the last close) 1410
 *   wall minutes and 480 + 30 = 510 business.
 * - T3 (queue 2, its own hours): the customer writes Sat 21 08:00; accepted 10:00, answered 10:10; still open. Wait
 *   120 wall and 60 business (the queue opens at 09:00); first response 130 and 70.
 * - T4 (queue 1): the customer writes Wed 25 12:00; nobody has taken it.
 * B's ticket: the customer writes Fri 20 19:00 Tokyo; B's admin accepts Mon 23 09:00 and answers 09:05: 5 business
 * minutes in Tokyo too, and none of it is A's.
 */
describe('dashboard', () => {
  let h: Harness;
  let token: string;
  let adminId: number;
  let b: TestUser & { whatsappId: number };
  let bToken: string;
  let agentToken: string;

  harnessSuite({ other: 'Empresa B', harness: { clock } }, async (p) => {
    ({ h, token, b, bToken } = p);
    adminId = p.userId;
    const [q1, q2] = h.queueIds as [number, number];
    const agent = await addUser(h, 'dash-agent@demo.test', { queueIds: h.queueIds });
    agentToken = (await h.login(agent.email, agent.password)).token;

    // The hours and zones, set as an admin sets them.
    const set = async (path: string, body: unknown, as = token) => expect((await h.api(path, { method: 'PUT', token: as, body })).status).toBe(200);
    await set('/settings/timeZone', { value: 'America/Sao_Paulo' });
    await set(`/companies/${h.companyId}/schedules`, { schedules: [...weekdays('09:00', '18:00'), ...closedWeekend] });
    const queue2 = (await h.api<Record<string, unknown>>(`/queue/${q2}`, { token })).body;
    await set(`/queue/${q2}`, { name: queue2.name, color: queue2.color, schedules: saturdayMorning });
    await set('/settings/timeZone', { value: 'Asia/Tokyo' }, bToken);
    await set(`/companies/${b.companyId}/schedules`, { schedules: weekdays('09:00', '18:00') }, bToken);

    const t1 = conversation(h, h.companyId, h.whatsappId, '5511900000001');
    await t1.says('Oi, preciso de ajuda', '2026-11-20T22:00:00Z', { queueId: q1 });
    await t1.accept(adminId, '2026-11-23T12:00:00Z', 'Olá, sou o atendente');
    await t1.reply(adminId, 'Bom dia! Como posso ajudar?', '2026-11-23T12:05:00Z');
    const asked = clock();
    await t1.resolve(adminId, '2026-11-23T13:00:00Z', { at: asked.toISOString() });
    await t1.says('3', new Date(asked.getTime() + 60_000).toISOString(), { chatbot: chatbot([q1, q2]) });

    const t2 = conversation(h, h.companyId, h.whatsappId, '5511900000002');
    await t2.says('Bom dia', '2026-11-24T13:00:00Z', { chatbot: chatbot([q1, q2]) });
    await t2.transfer(adminId, q1, '2026-11-24T13:01:00Z');
    await t2.accept(adminId, '2026-11-24T13:30:00Z');
    await t2.reply(adminId, 'Olá', '2026-11-24T13:45:00Z');
    await t2.resolve(adminId, '2026-11-24T14:00:00Z');
    await t2.reopen(adminId, '2026-11-24T20:00:00Z');
    await t2.resolve(adminId, '2026-11-25T12:30:00Z');

    const t3 = conversation(h, h.companyId, h.whatsappId, '5511900000003');
    await t3.says('Sábado cedo', '2026-11-21T11:00:00Z', { queueId: q2 });
    await t3.accept(adminId, '2026-11-21T13:00:00Z');
    await t3.reply(adminId, 'Estamos aqui', '2026-11-21T13:10:00Z');

    const t4 = conversation(h, h.companyId, h.whatsappId, '5511900000004');
    await t4.says('Alguém?', '2026-11-25T15:00:00Z', { queueId: q1 });

    const tb = conversation(h, b.companyId, b.whatsappId, '5511900000009');
    await tb.says('Cliente B aqui', '2026-11-20T10:00:00Z');
    await tb.accept(b.id, '2026-11-23T00:00:00Z');
    await tb.reply(b.id, 'Olá da B', '2026-11-23T00:05:00Z');

    // The admin is at the console (a socket's ping stamps them).
    await new Presence(h.atendo.knex).seen(h.companyId, adminId);
    await eventually(async () => expect(Number((await h.atendo.knex('ticket_times').where({ company_id: h.companyId }).count({ n: '*' }))[0]!.n)).toBe(4));
    await eventually(async () => expect(await h.atendo.knex('ticket_times').where({ ticket_id: t1.ticketId }).first('rating')).toEqual({ rating: 3 }));
    await eventually(async () => expect(await h.atendo.knex('ticket_times').where({ ticket_id: t2.ticketId }).first('status')).toEqual({ status: 'closed' }));
    await eventually(async () => expect(await h.atendo.knex('ticket_times').where({ company_id: b.companyId }).whereNotNull('first_response_at').first('ticket_id')).toBeDefined());
  });

  const week = 'date_from=2026-11-20&date_to=2026-11-26';
  const get = async <T>(path: string, as = token) => h.api<Answer<T>>(path, { token: as });

  it('counts the tickets of the period by where they are, with average support and wait times and the period before', async () => {
    const { status, body } = await get<DashboardAnswer>(`/dashboard?${week}`);
    expect(status).toBe(200);
    // Support: (3780 + 1410) / 2; wait: (3720 + 30 + 120) / 3.
    expect(body.counters).toEqual({ supportHappening: 1, supportPending: 1, supportFinished: 2, avgSupportTime: 2595, avgWaitTime: 1290, leads: 4 });
    expect(body.previous.counters).toEqual({ supportHappening: 0, supportPending: 0, supportFinished: 0, avgSupportTime: 0, avgWaitTime: 0, leads: 0 });
    const admin = body.attendants.find((a) => a.id === adminId);
    expect(admin).toMatchObject({ rating: 3, avgSupportTime: 2595, online: true, tickets: 3 });
    expect(typeof admin!.name).toBe('string');
    // Every user of the company is listed, also one without tickets; none of B's.
    expect(body.attendants.find((a) => a.name === 'dash-agent')).toMatchObject({ rating: 0, avgSupportTime: 0, online: false, tickets: 0 });
    expect(body.attendants.some((a) => a.id === b.id)).toBe(false);
  });

  it('reads "the last 7 days" in the company’s zone, today included', async () => {
    const { body } = await get<DashboardAnswer>('/dashboard?days=7');
    expect(body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 2 });
    const { body: three } = await get<DashboardAnswer>('/dashboard?days=3');
    // Tue 24 to Thu 26: T2 and T4; the period before (Sat 21 to Mon 23) holds T3.
    expect(three.counters).toMatchObject({ supportHappening: 0, supportPending: 1, supportFinished: 1, avgSupportTime: 1410 });
    expect(three.previous.counters).toMatchObject({ supportHappening: 1, supportPending: 0, supportFinished: 0, avgWaitTime: 120 });
  });

  it('gives the seeds’ charts: tickets per agent and per day, or per hour for one day', async () => {
    const users = await get<TicketsPerUser>('/dashboard/ticketsUsers?initialDate=2026-11-20&finalDate=2026-11-26&companyId=999');
    expect(users.body.count).toBe(3);
    expect(users.body.data).toHaveLength(1);
    expect(users.body.data[0]!.quantidade).toBe(3);
    const days = await get<TicketsPerDay>('/dashboard/ticketsDay?initialDate=2026-11-20&finalDate=2026-11-26');
    expect(days.body).toEqual({
      data: [
        { data: '2026-11-20', total: 1 },
        { data: '2026-11-21', total: 1 },
        { data: '2026-11-24', total: 1 },
        { data: '2026-11-25', total: 1 },
      ],
      count: 4,
    });
    const hours = await get<TicketsPerDay>('/dashboard/ticketsDay?initialDate=2026-11-24&finalDate=2026-11-24');
    expect(hours.body).toEqual({ data: [{ horario: '10', total: 1 }], count: 1 });
  });

  it('gives first response, resolution and wait per queue as medians and p90s, in wall-clock and business minutes', async () => {
    const [q1, q2] = h.queueIds as [number, number];
    const { status, body } = await get<DashboardTimes>(`/dashboard/times?${week}&by=queue`);
    expect(status).toBe(200);
    const row = (id: number) => body.rows.find((r) => r.id === id)!;
    // Queue 1: T1, T2 and T4. Medians of two values are their mean; p90 = low + 0.9 × (high − low).
    expect(row(q1)).toMatchObject({
      tickets: 3,
      firstResponse: { median: 1885, p90: 3357, businessMedian: 25, businessP90: 41 },
      resolution: { median: 2595, p90: 3543, businessMedian: 285, businessP90: 465 },
      wait: { median: 1875, p90: 3351, businessMedian: 15, businessP90: 27 },
    });
    // Queue 2 keeps its own hours (Saturday 09:00–13:00).
    expect(row(q2)).toEqual({
      id: q2,
      name: expect.any(String),
      tickets: 1,
      firstResponse: { median: 130, p90: 130, businessMedian: 70, businessP90: 70 },
      resolution: { median: null, p90: null, businessMedian: null, businessP90: null },
      wait: { median: 120, p90: 120, businessMedian: 60, businessP90: 60 },
    });
    const byUser = await get<DashboardTimes>(`/dashboard/times?${week}&by=user`);
    expect(byUser.body.rows.find((r) => r.id === adminId)).toMatchObject({ tickets: 3, firstResponse: { median: 130 } });
    const byConnection = await get<DashboardTimes>(`/dashboard/times?${week}&by=whatsapp`);
    expect(byConnection.body.rows).toEqual([expect.objectContaining({ id: h.whatsappId, tickets: 4 })]);
  });

  it('keeps each company to its own tickets and its own zone: B’s weekend wait is 5 business minutes in Tokyo', async () => {
    const { body } = await get<DashboardTimes>('/dashboard/times?date_from=2026-11-20&date_to=2026-11-26&by=user', bToken);
    expect(body.rows).toEqual([
      expect.objectContaining({ id: b.id, tickets: 1, firstResponse: { median: 3725, p90: 3725, businessMedian: 5, businessP90: 5 } }),
    ]);
    const counters = (await get<DashboardAnswer>(`/dashboard?${week}`, bToken)).body.counters;
    expect(counters).toMatchObject({ supportHappening: 1, supportPending: 0, supportFinished: 0, leads: 1 });
  });

  it('exports one CSV row per ticket of the period, with the times and the rating', async () => {
    const res = await fetch(`${h.url}/dashboard/export.csv?${week}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tickets-2026-11-20-2026-11-26.csv"');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ticketId;contact;number;queue;agent;connection;openedAt;firstResponseAt;resolvedAt;firstResponseMinutes;firstResponseBusinessMinutes;resolutionMinutes;resolutionBusinessMinutes;waitMinutes;waitBusinessMinutes;rating',
    );
    const rows = lines.slice(1).map((l) => l.split(';'));
    expect(rows.map((r) => r[2])).toEqual(['5511900000001', '5511900000003', '5511900000002', '5511900000004']);
    expect(rows[0]!.slice(6)).toEqual(['2026-11-20T22:00:00.000Z', '2026-11-23T12:05:00.000Z', '2026-11-23T13:00:00.000Z', '3725', '5', '3780', '60', '3720', '0', '3']);
    expect(rows[2]!.slice(9)).toEqual(['45', '45', '1410', '510', '30', '30', '']);
    expect(rows[3]!.slice(7)).toEqual(['', '', '', '', '', '', '', '', '']);

    const xlsx = await fetch(`${h.url}/dashboard/export.xlsx?${week}`, { headers: { authorization: `Bearer ${token}` } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="tickets-2026-11-20-2026-11-26.xlsx"');
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(10).value).toBe(3725);
    expect(sheet.getRow(2).getCell(11).value).toBe(5);
  });

  it('refuses a request without a period (400, naming days), a bad period, and a user who is not an admin (403)', async () => {
    const none = await get<unknown>('/dashboard');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_VALIDATION');
    expect(none.body.details?.map((d) => d.path)).toEqual(['days']);
    expect((await get<unknown>('/dashboard?days=5')).status).toBe(400);
    expect((await get<unknown>('/dashboard?date_from=2026-11-20')).body.details?.map((d) => d.path)).toEqual(['date_to']);
    expect((await get<unknown>('/dashboard?date_from=2026-11-26&date_to=2026-11-20')).status).toBe(400);
    expect((await get<unknown>('/dashboard?date_from=2024-01-01&date_to=2026-11-20')).status).toBe(400);
    expect((await get<unknown>('/dashboard/times?days=7&by=contact')).status).toBe(400);
    expect((await get<unknown>('/dashboard/ticketsDay?finalDate=2026-11-20')).body.details?.map((d) => d.path)).toEqual(['initialDate']);
    expect((await get<unknown>('/dashboard/export.csv')).status).toBe(400);
    for (const path of ['/dashboard?days=7', '/dashboard/ticketsUsers?initialDate=2026-11-20&finalDate=2026-11-26', '/dashboard/times?days=7', '/dashboard/export.csv?days=7']) {
      const res = await get<unknown>(path, agentToken);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('a rebuild of ticket_times gives the same rows', async () => {
    const knex = h.atendo.knex;
    const rows = () => knex('ticket_times').orderBy('ticket_id').select('*');
    const hours = () => knex('ticket_times_hours').orderBy('key').select('*');
    const before = { rows: await rows(), hours: await hours() };
    expect(before.rows.length).toBeGreaterThanOrEqual(5);
    await knex('ticket_times').update({ resolution_business_minutes: -1 });
    await rebuildProjection({ store: h.atendo.store, knex, projection: findProjection('ticket_times')!, batchSize: 5 });
    expect({ rows: await rows(), hours: await hours() }).toEqual(before);
  });
});
