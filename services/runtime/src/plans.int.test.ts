import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@atendo/contracts';
import { startHarness, type Harness } from './testing/harness.js';
import { eventCount as countEvents } from './testing/log.js';

describe('plans', () => {
  let h: Harness;
  let superToken: string;
  let adminToken: string;
  const eventCount = () => countEvents(h);

  beforeAll(async () => {
    h = await startHarness();
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    adminToken = (await h.login()).token;
  });
  afterAll(async () => h?.stop());

  it('lists every plan without a token, for the sign-up page', async () => {
    const res = await h.api<Plan[]>('/plans/list');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), users: expect.any(Number), useCampaigns: expect.any(Boolean) });
    expect((await h.api<Plan[]>('/plans/all', { token: adminToken })).body).toEqual(res.body);
  });

  it('a super user adds a plan with every feature on by default, changes and deletes it', async () => {
    const created = await h.api<Plan>('/plans', { token: superToken, body: { name: ' Plano Pro ', users: 10, connections: 3, queues: 8, value: 149.9, useKanban: false } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Plano Pro', users: 10, connections: 3, queues: 8, value: 149.9, useKanban: false, useCampaigns: true, useOpenAi: true, useIntegrations: true });
    const list = (await h.api<Plan[]>('/plans/list')).body;
    expect(list.map((p) => p.name)).toContain('Plano Pro');

    const changed = await h.api<Plan>(`/plans/${created.body.id}`, { method: 'PUT', token: superToken, body: { useKanban: true, users: 12 } });
    expect(changed.body).toMatchObject({ id: created.body.id, name: 'Plano Pro', useKanban: true, users: 12, value: 149.9, useCampaigns: true });
    expect((await h.api<Plan>(`/plans/${created.body.id}`, { token: superToken })).body).toEqual(changed.body);

    // Prices with cents that floating point cannot hold exactly (79.9 * 100 = 7990.000000000001) are still cents.
    for (const value of [79.9, 19.9, 1.15, 0.29]) {
      expect((await h.api<Plan>(`/plans/${created.body.id}`, { method: 'PUT', token: superToken, body: { value } })).body, String(value)).toMatchObject({ value });
    }

    expect((await h.api(`/plans/${created.body.id}`, { method: 'DELETE', token: superToken })).status).toBe(200);
    expect(await h.api(`/plans/${created.body.id}`, { token: superToken })).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it('refuses to delete a plan a company is on', async () => {
    const planOfDemo = (await h.api<Plan[]>('/plans/list')).body[0]!;
    const res = await h.api<{ error: string; message: string }>(`/plans/${planOfDemo.id}`, { method: 'DELETE', token: superToken, headers: { 'accept-language': 'pt' } });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE', message: 'Há empresas neste plano. Mude-as de plano antes de excluí-lo.' } });
    expect((await h.api<Plan[]>('/plans/list')).body.map((p) => p.id)).toContain(planOfDemo.id);
  });

  it('only super users write plans, and bad plans are refused whole', async () => {
    const before = await eventCount();
    expect(await h.api('/plans', { token: adminToken, body: { name: 'x', users: 1, connections: 1, queues: 1, value: 1 } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await h.api('/plans/1', { method: 'PUT', token: adminToken, body: { value: 0 } })).toMatchObject({ status: 403 });
    const bad = await h.api<{ details: Array<{ path: string; rule: string }> }>('/plans', { token: superToken, body: { name: '', users: -1, connections: 1.5, queues: '3', value: 9.999, useKanban: 'yes' } });
    expect(bad.status).toBe(400);
    // Values of the wrong type are named first, alone.
    expect(bad.body.details).toEqual([expect.objectContaining({ path: 'queues', rule: 'type' }), expect.objectContaining({ path: 'useKanban', rule: 'type' })]);
    const bad2 = await h.api<{ details: Array<{ path: string; rule: string }> }>('/plans', { token: superToken, body: { name: '', users: -1, connections: 1.5, value: 9.999 } });
    expect([...new Set(bad2.body.details.map((d) => d.path))].sort()).toEqual(['connections', 'name', 'queues', 'users', 'value']);
    expect(await eventCount()).toBe(before);
  });
});
