import { describe, expect, it } from 'vitest';
import type { Plan, Queue, QueueOption } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { addUser, type TestUser } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';
import { eventCount as countEvents } from './testing/log.js';

type Answer<T> = T & { error?: string; details?: unknown };

describe('queues and their menus', () => {
  let h: Harness;
  let adminToken: string;
  let b: TestUser & { whatsappId: number };
  const system = { actor: { type: 'system' as const } };
  const eventCount = () => countEvents(h);
  const create = (body: Record<string, unknown>, token = adminToken) => h.api<Answer<Queue>>('/queue', { token, body });
  const change = (id: number, body: Record<string, unknown>, token = adminToken) => h.api<Answer<Queue>>(`/queue/${id}`, { method: 'PUT', token, body });
  const remove = (id: number, token = adminToken) => h.api<Answer<object>>(`/queue/${id}`, { method: 'DELETE', token });
  const addOption = (body: Record<string, unknown>, token = adminToken) => h.api<Answer<QueueOption>>('/queue-options', { token, body });
  const menu = async (queueId: number, parentId = -1) => (await h.api<QueueOption[]>(`/queue-options?queueId=${queueId}&parentId=${parentId}`, { token: adminToken })).body;
  const numbered = (options: QueueOption[]): unknown => options.map((o) => [o.option, o.title, numbered(o.children)]);

  harnessSuite({ other: 'Outra Empresa de Filas' }, (platform) => {
    ({ h, token: adminToken, b } = platform);
  });

  it('an admin adds a queue with hours, reads it back, changes and deletes it, and the console hears of each change', async () => {
    const feed = await h.socket(adminToken);
    try {
      const hours = [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
      ];
      const created = await create({ name: 'Financeiro', color: '#ff9800', greetingMessage: 'Bem-vindo ao financeiro', outOfHoursMessage: 'Voltamos às 8h', orderQueue: 3, schedules: hours });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Financeiro', color: '#ff9800', greetingMessage: 'Bem-vindo ao financeiro', outOfHoursMessage: 'Voltamos às 8h', orderQueue: 3, promptId: null, integrationId: null, schedules: hours });
      const id = created.body.id;
      expect((await h.api<Queue>(`/queue/${id}`, { token: adminToken })).body.schedules).toEqual(hours);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-queue`)).toContainEqual({ action: 'create', id }));

      const edited = await change(id, { name: 'Cobrança', schedules: [] });
      expect(edited.body).toMatchObject({ name: 'Cobrança', color: '#ff9800', schedules: [] });
      expect((await h.api<Queue[]>('/queue', { token: adminToken })).body.map((q) => q.name)).toContain('Cobrança');

      expect((await remove(id)).status).toBe(200);
      expect((await h.api<Answer<Queue>>(`/queue/${id}`, { token: adminToken })).body.error).toBe('ERR_QUEUE_NOT_FOUND');
      await eventually(() => expect(feed.entries(`company-${h.companyId}-queue`)).toContainEqual({ action: 'delete', queueId: id }));
    } finally {
      feed.close();
    }
  });

  it("validates as the spec says, and refuses a colour another queue of the company uses (not another company's)", async () => {
    const before = await eventCount();
    expect(await create({ name: 'X', color: '#123456' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'name' }] } });
    expect(await create({ name: 'Sem cor' })).toMatchObject({ status: 400, body: { details: [{ path: 'color' }] } });
    expect(await create({ name: 'Cor longa', color: '#1234567890' })).toMatchObject({ status: 400, body: { details: [{ path: 'color' }] } });
    expect(await create({ name: 'Horas', color: '#abcdef', schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTime: '25:00', endTime: '' }] })).toMatchObject({ status: 400 });
    expect(await create({ name: 'Horas', color: '#abcdef', schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTime: '18:00', endTime: '08:00' }] })).toMatchObject({ status: 400 });
    expect(await create({ name: 'Prompt', color: '#abcdef', promptId: 7 })).toMatchObject({ status: 400, body: { details: [{ path: 'promptId' }] } });
    expect(await eventCount()).toBe(before);

    const seeded = (await h.api<Queue[]>('/queue', { token: adminToken })).body[0]!;
    expect(await create({ name: 'Mesma cor', color: seeded.color.toUpperCase() })).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    const { body: first } = await create({ name: 'Roxa', color: '#9c27b0' });
    expect(await create({ name: 'Outra roxa', color: ' #9C27B0 ' })).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    expect(await change(seeded.id, { color: '#9c27b0' })).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    // Another company may use it.
    const bToken = (await h.login(b.email, b.password)).token;
    const theirs = await create({ name: 'Roxa deles', color: '#9c27b0' }, bToken);
    expect(theirs.status).toBe(201);
    // A recoloured queue frees its old colour.
    expect((await change(first.id, { color: '#673ab7' })).status).toBe(200);
    const reused = await create({ name: 'Roxa nova', color: '#9c27b0' });
    expect(reused.status).toBe(201);
    for (const id of [first.id, reused.body.id]) await remove(id);
    await remove(theirs.body.id, bToken);
  });

  it("stops at the plan's queue limit, writing nothing", async () => {
    const plan = (await h.api<{ plan: Plan }>(`/companies/listPlan/${h.companyId}`, { token: adminToken })).body.plan;
    const setLimit = async (queues: number) => h.atendo.readYourWrites((await handleCommand(h.atendo.store, planDecider, planStream(plan.id), { type: 'update', changes: { queues } }, system)).position);
    const count = (await h.api<Queue[]>('/queue', { token: adminToken })).body.length;
    await setLimit(count);
    try {
      const before = await eventCount();
      expect(await create({ name: 'Além do plano', color: '#010203' })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT_REACHED', details: { limit: count, count } } });
      expect(await eventCount()).toBe(before);
    } finally {
      await setLimit(plan.queues);
    }
  });

  it("an agent reads queues but may not change them; another company's queues are not found", async () => {
    const agent = await addUser(h, 'queue-agent@demo.test', { queueIds: h.queueIds });
    const token = (await h.login(agent.email, agent.password)).token;
    expect((await h.api<Queue[]>('/queue', { token })).body.length).toBeGreaterThan(0);
    expect(await create({ name: 'Do agente', color: '#111111' }, token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await change(h.queueIds[0]!, { name: 'Do agente' }, token)).toMatchObject({ status: 403 });
    expect(await addOption({ queueId: h.queueIds[0], title: 'Do agente' }, token)).toMatchObject({ status: 403 });
    const bToken = (await h.login(b.email, b.password)).token;
    expect(await change(h.queueIds[0]!, { name: 'Invasão' }, bToken)).toMatchObject({ status: 404, body: { error: 'ERR_QUEUE_NOT_FOUND' } });
    expect(await remove(h.queueIds[0]!, bToken)).toMatchObject({ status: 404 });
    expect((await h.api<Answer<object>>(`/queue-options?queueId=${h.queueIds[0]}`, { token: bToken })).status).toBe(404);
  });

  it('builds a menu tree: numbers come in order, a taken number is refused, deleting renumbers the rest and takes the subtree', async () => {
    const { body: queue } = await create({ name: 'Menu', color: '#00bcd4' });
    const one = (await addOption({ queueId: queue.id, title: 'Boletos', message: 'Sobre boletos' })).body;
    const two = (await addOption({ queueId: queue.id, title: 'Cartão' })).body;
    const three = (await addOption({ queueId: queue.id, title: 'Pix' })).body;
    expect([one.option, two.option, three.option]).toEqual([1, 2, 3]);
    const sub = (await addOption({ queueId: queue.id, parentId: one.id, title: 'Segunda via' })).body;
    await addOption({ queueId: queue.id, parentId: sub.id, title: 'Por e-mail' });
    expect(numbered(await menu(queue.id))).toEqual([
      [1, 'Boletos', [[1, 'Segunda via', [[1, 'Por e-mail', []]]]]],
      [2, 'Cartão', []],
      [3, 'Pix', []],
    ]);
    expect(numbered(await menu(queue.id, one.id))).toEqual([[1, 'Segunda via', [[1, 'Por e-mail', []]]]]);
    expect(await addOption({ queueId: queue.id, title: 'Repetida', option: 2 })).toMatchObject({ status: 400, body: { details: [{ path: 'option', message: 'is already the number of another option at this level' }] } });
    expect(await h.api<Answer<object>>(`/queue-options/${three.id}`, { method: 'PUT', token: adminToken, body: { option: 2 } })).toMatchObject({ status: 400 });
    expect((await h.api<QueueOption>(`/queue-options/${three.id}`, { method: 'PUT', token: adminToken, body: { title: 'Pix e TED', message: 'Chave: …' } })).body).toMatchObject({ title: 'Pix e TED', message: 'Chave: …', option: 3 });

    // An option of another queue cannot be a parent here.
    const { body: other } = await create({ name: 'Outra com menu', color: '#8bc34a' });
    expect(await addOption({ queueId: other.id, parentId: one.id, title: 'Cruzada' })).toMatchObject({ status: 400, body: { details: [{ path: 'parentId' }] } });

    expect((await h.api(`/queue-options/${one.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    expect(numbered(await menu(queue.id))).toEqual([
      [1, 'Cartão', []],
      [2, 'Pix e TED', []],
    ]);
    const options = async () => Number((await h.atendo.knex('queue_options').where({ queue_id: queue.id }).count({ n: '*' }).first())!.n);
    expect(await options()).toBe(2);

    // A deleted queue takes its menu with it.
    await remove(queue.id);
    await eventually(async () => expect(await options()).toBe(0));
    await remove(other.id);
  });
});
