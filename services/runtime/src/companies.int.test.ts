import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_UNAUTHORISED, type Company, type CompanyPage, type Plan, type ServerMessage } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { eventCount as countEvents } from './testing/log.js';

interface Refusal {
  error: string;
  message: string;
  details?: unknown;
}

const DAY = 86_400_000;

describe('companies, sign-up and settings', () => {
  let h: Harness;
  let superToken: string;
  let adminToken: string;
  let planId: number;
  const eventCount = () => countEvents(h);
  const login = (email: string, password: string) =>
    fetch(`${h.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Record<string, unknown> & Refusal,
    }));

  beforeAll(async () => {
    h = await startHarness();
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    adminToken = (await h.login()).token;
    planId = (await h.api<Plan[]>('/plans/list')).body[0]!.id;
  });
  afterAll(async () => h?.stop());

  /** A feed socket that keeps every message and how it closed. */
  function socket(token: string) {
    const ws = new WebSocket(`${h.url.replace('http', 'ws')}/socket`);
    const state = { messages: [] as ServerMessage[], closed: undefined as number | undefined };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => state.messages.push(JSON.parse(String(raw))));
    ws.on('close', (code) => (state.closed = code));
    return state;
  }

  describe('sign-up', () => {
    it('gives a 3-day MENSAL trial whatever the client sends, with default settings and a first admin who can sign in', async () => {
      const before = Date.now();
      const res = await h.api<{ id: number; dueDate: string }>('/companies/cadastro', {
        body: { name: 'Padaria Pão Quente', email: 'Dono@Padaria.test', password: 'Senha-123', phone: '(11) 98765-4321', planId, dueDate: '2099-01-01T00:00:00Z', status: false, recurrence: 'ANUAL' },
      });
      expect(res.status).toBe(201);
      const due = Date.parse(res.body.dueDate);
      expect(due).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
      expect(due).toBeLessThanOrEqual(Date.now() + 3 * DAY + 1000);
      const company = (await h.api<Company>(`/companies/${res.body.id}`, { token: superToken })).body;
      expect(company).toMatchObject({ name: 'Padaria Pão Quente', email: 'dono@padaria.test', phone: '11987654321', status: true, recurrence: 'MENSAL', planId });
      expect(company.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
      expect(company.settings).toContainEqual({ key: 'userRating', value: 'disabled' });

      const signedIn = await login('dono@padaria.test', 'Senha-123');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toMatchObject({ profile: 'admin', companyId: res.body.id, company: { name: 'Padaria Pão Quente' } });
      const settings = await h.api<Array<{ key: string; value: string }>>('/settings', { token: signedIn.body.token as string });
      expect(settings.body.map((s) => s.key)).toEqual(expect.arrayContaining(['userRating', 'scheduleType', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted', 'chatBotType', 'userCreation']));
    });

    it('refuses a taken e-mail and a bad form with a clear 4xx, writing nothing', async () => {
      const before = await eventCount();
      const taken = await h.api<Refusal>('/companies/cadastro', { body: { name: 'Outra', email: 'DONO@padaria.test', password: 'Senha-123', planId }, headers: { 'accept-language': 'pt' } });
      expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_USER_EMAIL_ALREADY_EXISTS', message: 'Já existe um usuário com este e-mail.' } });
      const bad = await h.api<{ details: Array<{ path: string }> }>('/companies/cadastro', { body: { name: 'x', email: 'not-an-email', password: '123', phone: '123456789012', planId: 0 } });
      expect(bad.status).toBe(400);
      expect([...new Set(bad.body.details.map((d) => d.path))].sort()).toEqual(['email', 'name', 'password', 'phone', 'planId']);
      // One password rule everywhere (sign-up, users, the profile, the reset): 8 characters with upper, lower and a digit.
      for (const password of ['senha1', 'senhalonga1', 'SENHALONGA1', 'Senhalonga']) {
        expect(await h.api('/companies/cadastro', { body: { name: 'Fraca', email: 'fraca@x.test', password, planId } }), password).toMatchObject({ status: 400, body: { details: [{ path: 'password', rule: 'password' }] } });
      }
      const noPlan = await h.api<Refusal>('/companies/cadastro', { body: { name: 'Sem plano', email: 'semplano@x.test', password: 'Senha-123', planId: 999999 } });
      expect(noPlan).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(await eventCount()).toBe(before);
    });
    it('holds back an address that signs up company after company (each costs a password hash), and not the others', async () => {
      const from = (address: string, n: number) =>
        h.api<Refusal>('/companies/cadastro', { body: { name: `Loja ${n}`, email: `loja${n}@${address}.test`, password: 'Loja-pass-123', planId }, headers: { 'x-forwarded-for': address } });
      const statuses: number[] = [];
      for (let n = 0; n < 7; n++) statuses.push((await from('203.0.113.77', n)).status);
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(201));
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect(await from('203.0.113.77', 99)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
      expect((await from('198.51.100.8', 0)).status).toBe(201);
    });
  });

  describe('a super user keeps the companies', () => {
    let id: number;

    it('adds a company with its first admin, lists, searches and changes it', async () => {
      const created = await h.api<Company>('/companies', {
        token: superToken,
        body: { name: 'Oficina do Zé', email: 'ze@oficina.test', phone: '1133334444', planId, dueDate: new Date(Date.now() + 30 * DAY).toISOString(), recurrence: 'ANUAL', password: 'Oficina-123', billingName: 'Zé Ltda' },
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      expect(created.body).toMatchObject({ name: 'Oficina do Zé', status: true, recurrence: 'ANUAL', billingName: 'Zé Ltda', plan: { id: planId } });
      expect((await login('ze@oficina.test', 'Oficina-123')).status).toBe(200);

      const page = await h.api<CompanyPage>('/companies?searchParam=oficina', { token: superToken });
      expect(page.body).toMatchObject({ count: 1, hasMore: false, companies: [{ id, name: 'Oficina do Zé' }] });
      expect((await h.api<Company[]>('/companies/list', { token: superToken })).body.map((c) => c.id)).toContain(id);
      const changed = await h.api<Company>(`/companies/${id}`, { method: 'PUT', token: superToken, body: { phone: '1155556666', addressCity: 'Campinas' } });
      expect(changed.body).toMatchObject({ id, phone: '1155556666', addressCity: 'Campinas', name: 'Oficina do Zé' });
    });

    it("switches a company off: its users cannot sign in and are told since when; on again, they can", async () => {
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { status: false } });
      const refused = await login('ze@oficina.test', 'Oficina-123');
      expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_DISABLED', details: { disabledAt: expect.any(String) } } });
      expect(Date.now() - Date.parse((refused.body.details as { disabledAt: string }).disabledAt)).toBeLessThan(60_000);
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { status: true } });
      expect((await login('ze@oficina.test', 'Oficina-123')).status).toBe(200);
    });

    it('ends the open sessions of a company switched off or past its due date within seconds: its API answers and its feed sockets close; other companies go on', async () => {
      const ze = ((await login('ze@oficina.test', 'Oficina-123')).body.token) as string;
      const feed = socket(ze);
      await eventually(() => expect(feed.messages.some((m) => m.type === 'ready')).toBe(true));
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { status: false } });
      await eventually(async () => expect(await h.api<Refusal>('/auth/me', { token: ze })).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_DISABLED' } }), 10_000);
      expect(await h.api<Refusal>('/tickets', { token: ze })).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_DISABLED' } });
      await eventually(() => expect(feed.closed).toBe(CLOSE_UNAUTHORISED), 10_000);
      expect(feed.messages).toContainEqual({ type: 'error', error: 'ERR_COMPANY_DISABLED' });
      expect((await h.api('/auth/me', { token: adminToken })).status).toBe(200);
      // A socket opened meanwhile is refused too.
      const late = socket(ze);
      await eventually(() => expect(late.closed).toBe(CLOSE_UNAUTHORISED), 10_000);

      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { status: true } });
      await eventually(async () => expect((await h.api('/auth/me', { token: ze })).status).toBe(200), 10_000);
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { dueDate: new Date(Date.now() - DAY).toISOString() } });
      // Past its due date, a company reaches only what it needs to pay (billing: its invoices, checkout, /auth/me).
      await eventually(async () => expect(await h.api<Refusal>('/tickets', { token: ze })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } }), 10_000);
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { dueDate: new Date(Date.now() + 30 * DAY).toISOString() } });
      await eventually(async () => expect((await h.api('/tickets', { token: ze })).status).toBe(200), 10_000);
    });

    it('refuses sign-in past the due date, and Expire moves the due date by one period of the recurrence', async () => {
      const past = new Date(Date.now() - 2 * DAY).toISOString();
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { dueDate: past } });
      // Its admin signs in to pay (the due date in the past tells the console); its other users are refused (billing's test).
      expect(await login('ze@oficina.test', 'Oficina-123')).toMatchObject({ status: 200, body: { user: { company: { dueDate: past } } } });
      // Past due: a year from today (ANUAL).
      const renewed = await h.api<Company>(`/companies/${id}/renew`, { method: 'POST', token: superToken });
      const due = new Date(renewed.body.dueDate!);
      const inAYear = new Date();
      inAYear.setFullYear(inAYear.getFullYear() + 1);
      expect(Math.abs(due.getTime() - inAYear.getTime())).toBeLessThan(60_000);
      // Not yet due: a period after the due date.
      await h.api(`/companies/${id}`, { method: 'PUT', token: superToken, body: { recurrence: 'TRIMESTRAL', dueDate: '2030-01-31T12:00:00.000Z' } });
      expect((await h.api<Company>(`/companies/${id}/renew`, { method: 'POST', token: superToken })).body.dueDate).toBe('2030-04-30T12:00:00.000Z');
      expect((await login('ze@oficina.test', 'Oficina-123')).status).toBe(200);
    });

    it('deletes a company: its users can no longer sign in', async () => {
      expect((await h.api(`/companies/${id}`, { method: 'DELETE', token: superToken })).status).toBe(200);
      expect((await h.api(`/companies/${id}`, { token: superToken })).status).toBe(404);
      expect((await login('ze@oficina.test', 'Oficina-123')).status).not.toBe(200);
    });

    it('keeps companies from everyone but super users, and a super user cannot switch off their own', async () => {
      for (const [method, path] of [['GET', '/companies'], ['GET', '/companies/list'], ['POST', '/companies'], ['DELETE', `/companies/${h.companyId}`]] as const) {
        expect((await h.api<Refusal>(path, { method, token: adminToken, body: method === 'POST' ? {} : undefined })).body.error, `${method} ${path}`).toBe('ERR_NO_PERMISSION');
      }
      const own = (await h.api<{ companyId: number }>('/auth/me', { token: superToken })).body.companyId;
      expect(own).toEqual(expect.any(Number));
      expect((await h.api(`/companies/${own}`, { method: 'PUT', token: superToken, body: { status: false } })).status).toBe(400);
      expect((await h.api(`/companies/${own}`, { method: 'DELETE', token: superToken })).status).toBe(400);
    });
  });

  describe("a company's own", () => {
    it("plan lookup: its users see their plan's flags; another company's is not found", async () => {
      const mine = await h.api<{ plan: Plan }>(`/companies/listPlan/${h.companyId}`, { token: adminToken });
      expect(mine.body.plan).toMatchObject({ id: expect.any(Number), useCampaigns: expect.any(Boolean), useKanban: expect.any(Boolean) });
      const other = (await h.api<{ id: number }>('/companies/cadastro', { body: { name: 'Vizinha', email: 'vizinha@x.test', password: 'Senha-123', planId } })).body.id;
      expect((await h.api(`/companies/listPlan/${other}`, { token: adminToken })).status).toBe(404);
      expect((await h.api(`/companies/listPlan/${other}`, { token: superToken })).status).toBe(200);
    });

    it("its admins read their own company (the settings page's opening hours), not another's; its users do not", async () => {
      const own = await h.api<Company>(`/companies/${h.companyId}`, { token: adminToken });
      expect(own).toMatchObject({ status: 200, body: { id: h.companyId, schedules: expect.any(Array) } });
      const other = (await h.api<{ id: number }>('/companies/cadastro', { body: { name: 'Outra', email: 'outra@x.test', password: 'Senha-123', planId } })).body.id;
      expect((await h.api<Refusal>(`/companies/${other}`, { token: adminToken })).status).toBe(404);
      const agent = await addUser(h, 'companies-agent@demo.test');
      const agentToken = (await h.login(agent.email, agent.password)).token;
      expect((await h.api<Refusal>(`/companies/${h.companyId}`, { token: agentToken })).body.error).toBe('ERR_NO_PERMISSION');
    });

    it('opening hours: its admins set them, validated', async () => {
      const schedules = [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
      ];
      const set = await h.api(`/companies/${h.companyId}/schedules`, { method: 'PUT', token: adminToken, body: { schedules } });
      expect(set).toMatchObject({ status: 200, body: schedules });
      const bad = await h.api<{ details: Array<{ path: string; rule: string }> }>(`/companies/${h.companyId}/schedules`, {
        method: 'PUT',
        token: adminToken,
        body: { schedules: [{ weekday: 'Terça', weekdayEn: 'tuesday', startTime: '25:00', endTime: '09:00' }, { weekday: 'Quarta', weekdayEn: 'wednesday', startTime: '10:00', endTime: '09:00' }] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'schedules[0].startTime', rule: 'time' }), expect.objectContaining({ path: 'schedules[1].endTime', rule: 'endBeforeStart' })]));
    });

    it('settings: its users read every key, its admins change one at a time to an allowed value, and consoles hear of it', async () => {
      const agentFeed = await h.socket(adminToken);
      try {
        const before = (await h.api<Array<{ key: string; value: string }>>('/settings', { token: adminToken })).body;
        expect(before).toContainEqual({ key: 'userCreation', value: 'enabled' });
        expect((await h.api('/settings/scheduleType', { method: 'PUT', token: adminToken, body: { value: 'company' } })).body).toEqual({ key: 'scheduleType', value: 'company' });
        // Two admins at once, two keys: both kept.
        await Promise.all([
          h.api('/settings/userRating', { method: 'PUT', token: adminToken, body: { value: 'enabled' } }),
          h.api('/settings/call', { method: 'PUT', token: adminToken, body: { value: 'disabled' } }),
        ]);
        const after = (await h.api<Array<{ key: string; value: string }>>('/settings', { token: adminToken })).body;
        expect(after).toEqual(expect.arrayContaining([{ key: 'scheduleType', value: 'company' }, { key: 'userRating', value: 'enabled' }, { key: 'call', value: 'disabled' }]));
        await eventually(() => expect(agentFeed.entries(`company-${h.companyId}-settings`)).toContainEqual({ action: 'update', settings: expect.arrayContaining([{ key: 'call', value: 'disabled' }]) }));

        expect(await h.api('/settings/scheduleType', { method: 'PUT', token: adminToken, body: { value: 'sometimes' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
        expect(await h.api('/settings/nonsense', { method: 'PUT', token: adminToken, body: { value: 'enabled' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
      } finally {
        agentFeed.close();
      }
    });
  });
});
