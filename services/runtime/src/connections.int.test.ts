import { describe, expect, it } from 'vitest';
import type { Plan, WhatsappDetails } from '@atendo/contracts';
import { handleCommand, planDecider, planStream, queueDecider, queueStream, whatsappStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { addUser, type TestUser } from './testing/accounts.js';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';
import { eventCount as countEvents } from './testing/log.js';

describe('connections', () => {
  let h: Harness;
  let adminToken: string;
  let b: TestUser & { whatsappId: number };
  const system = { actor: { type: 'system' as const } };
  const eventCount = () => countEvents(h);
  const create = (body: Record<string, unknown>, token = adminToken) => h.api<WhatsappDetails & { error?: string; details?: unknown }>('/whatsapp', { token, body });
  const change = (id: number, body: Record<string, unknown>, token = adminToken) => h.api<WhatsappDetails & { error?: string }>(`/whatsapp/${id}`, { method: 'PUT', token, body });
  const remove = (id: number, token = adminToken) => h.api<{ error?: string }>(`/whatsapp/${id}`, { method: 'DELETE', token });
  const list = async () => (await h.api<WhatsappDetails[]>('/whatsapp', { token: adminToken })).body;
  const defaults = async () => (await list()).filter((w) => w.isDefault).map((w) => w.id);

  harnessSuite({ other: 'Outra Empresa' }, (platform) => {
    ({ h, token: adminToken, b } = platform);
  });

  it('an admin adds a connection with the defaults of spec §3, lists it, and the console hears of it', async () => {
    const feed = await h.socket(adminToken);
    let createdId: number | undefined;
    try {
      const created = await create({ name: 'Vendas' });
      expect(created.status).toBe(201);
      createdId = created.body.id;
      // Not paired: its session may already be opening by the time the answer is read (a slow hour showed it).
      expect(['DISCONNECTED', 'OPENING', 'qrcode']).toContain(created.body.status);
      expect(created.body).toMatchObject({
        name: 'Vendas', isDefault: false, provider: 'beta', greetingMessage: '', complationMessage: '', outOfHoursMessage: '',
        ratingMessage: '', expiresInactiveMessage: '', token: '', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, queueIds: [], queues: [],
        promptId: null, integrationId: null, transferQueueId: null, timeToTransfer: null,
      });
      expect((await list()).map((w) => w.name)).toContain('Vendas');
      await eventually(() => expect(feed.entries(`company-${h.companyId}-whatsapp`)).toContainEqual(expect.objectContaining({ action: 'update', whatsapp: expect.objectContaining({ id: created.body.id, name: 'Vendas' }) })));
      expect((await create({ name: ' vendas ' })).body).toMatchObject({ error: 'ERR_WAPP_NAME_ALREADY_EXISTS' });
      expect((await create({ name: 'V' })).status).toBe(400);
    } finally {
      feed.close();
      // Removed even when an assertion failed, so the plan's connection limit does not fail the tests after it.
      if (createdId !== undefined) await remove(createdId);
    }
  });

  it('edits every setting; a rename frees the old name; the API token is shown by its last four and never written to the log', async () => {
    const { body: w } = await create({ name: 'Suporte' });
    const edited = await change(w.id, {
      name: 'Suporte 24h', greetingMessage: 'Olá!', complationMessage: 'Até logo', outOfHoursMessage: 'Fechado', ratingMessage: 'Nota?', expiresInactiveMessage: 'Encerrado por inatividade',
      expiresTicket: 30, timeUseBotQueues: 5, maxUseBotQueues: 2, queueIds: [h.queueIds[0]], transferQueueId: h.queueIds[1] ?? h.queueIds[0], timeToTransfer: 10,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Suporte 24h', greetingMessage: 'Olá!', expiresInactiveMessage: 'Encerrado por inatividade', token: '', expiresTicket: 30, maxUseBotQueues: 2, queueIds: [h.queueIds[0]], queues: [{ id: h.queueIds[0] }], timeToTransfer: 10 });
    const secret = (await h.api<{ token: string }>(`/whatsapp/${w.id}/token`, { method: 'POST', token: adminToken })).body.token;
    expect((await h.api<WhatsappDetails>(`/whatsapp/${w.id}`, { token: adminToken })).body.token).toBe(`••••${secret.slice(-4)}`);
    const log = JSON.stringify(await h.atendo.store.readStream(whatsappStream(h.companyId, w.id)));
    expect(log).toContain('Suporte 24h');
    expect(log).not.toContain(secret);
    const again = await create({ name: 'Suporte' });
    expect(again.status).toBe(201);
    await remove(again.body.id);
    await remove(w.id);
  });

  it("the first connection of a company is its default; marking another unmarks it on both streams; the default cannot be unmarked or deleted while others exist", async () => {
    expect(await defaults()).toEqual([h.whatsappId]);
    const { body: w } = await create({ name: 'Novo padrão' });
    expect(w.isDefault).toBe(false);
    expect((await change(w.id, { isDefault: true })).body.isDefault).toBe(true);
    expect(await defaults()).toEqual([w.id]);
    const previous = await h.atendo.store.readStream(whatsappStream(h.companyId, h.whatsappId));
    expect(previous.at(-1)).toMatchObject({ type: 'WhatsappUpdated', data: { id: h.whatsappId, changes: { isDefault: false } } });
    const before = await eventCount();
    expect(await change(w.id, { isDefault: false })).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    expect(await remove(w.id)).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    expect(await eventCount()).toBe(before);
    // Unmarking one that is not the default changes nothing.
    expect((await change(h.whatsappId, { isDefault: false })).status).toBe(200);
    expect((await change(h.whatsappId, { isDefault: true })).body.isDefault).toBe(true);
    expect(await defaults()).toEqual([h.whatsappId]);
    expect((await remove(w.id)).status).toBe(200);
    // A company whose only connection goes has none; its next one is the default.
    expect((await remove(b.whatsappId, (await h.login(b.email, b.password)).token)).status).toBe(200);
    const tokenB = (await h.login(b.email, b.password)).token;
    const first = await create({ name: 'Primeira da B' }, tokenB);
    expect(first.body.isDefault).toBe(true);
    b.whatsappId = first.body.id;
  });

  it("stops at the plan's connection limit, writing nothing", async () => {
    const plan = (await h.api<{ plan: Plan }>(`/companies/listPlan/${h.companyId}`, { token: adminToken })).body.plan;
    const setLimit = async (connections: number) =>
      h.atendo.readYourWrites((await handleCommand(h.atendo.store, planDecider, planStream(plan.id), { type: 'update', changes: { connections } }, system)).position);
    const count = (await list()).length;
    await setLimit(count);
    try {
      const before = await eventCount();
      expect(await create({ name: 'Além do plano' })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT_REACHED', details: { limit: count, count } } });
      expect(await eventCount()).toBe(before);
    } finally {
      await setLimit(plan.connections);
    }
    const created = await create({ name: 'Além do plano' });
    expect(created.status).toBe(201);
    await remove(created.body.id);
  });

  it('asks for a greeting when a connection serves more than one queue', async () => {
    const two = h.queueIds.slice(0, 2);
    expect(two).toHaveLength(2);
    expect(await create({ name: 'Duas filas', queueIds: two })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED', details: [{ path: 'greetingMessage' }] } });
    const { body: w } = await create({ name: 'Duas filas', queueIds: two, greetingMessage: 'Escolha: 1 ou 2' });
    expect(w.queueIds).toEqual(two);
    expect(await change(w.id, { greetingMessage: '' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    const { body: one } = await create({ name: 'Uma fila', queueIds: [two[0]] });
    expect(await change(one.id, { queueIds: two })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    await remove(w.id);
    await remove(one.id);
  });

  it("refuses queues of another company, and prompts or integrations that do not exist", async () => {
    const queueId = Number(((await h.atendo.knex.raw(`SELECT nextval('queue_ids') AS id`)) as { rows: Array<{ id: string }> }).rows[0]!.id);
    const q = await handleCommand(h.atendo.store, queueDecider, queueStream(b.companyId, queueId), {
      type: 'create', id: queueId, fields: { companyId: b.companyId, name: 'Fila da B', color: '#000000', greetingMessage: '', outOfHoursMessage: '', orderQueue: null },
    }, system);
    await h.atendo.readYourWrites(q.position);
    const before = await eventCount();
    expect(await create({ name: 'Intrusa', queueIds: [queueId] })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'queueIds' }] } });
    expect(await create({ name: 'Intrusa', transferQueueId: queueId })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'transferQueueId' }] } });
    expect(await change(h.whatsappId, { queueIds: [queueId] })).toMatchObject({ status: 400, body: { details: [{ path: 'queueIds' }] } });
    expect(await create({ name: 'Intrusa', promptId: 1 })).toMatchObject({ status: 400, body: { details: [{ path: 'promptId' }] } });
    expect(await eventCount()).toBe(before);
  });

  it("a user who is not an admin may read connections but not add, change or delete them; another company's ids are not found", async () => {
    const agent = await addUser(h, 'conn-agent@demo.test', { queueIds: h.queueIds });
    const token = (await h.login(agent.email, agent.password)).token;
    const before = await eventCount();
    expect(await create({ name: 'Do agente' }, token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await change(h.whatsappId, { name: 'Do agente' }, token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await remove(h.whatsappId, token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const seen = await h.api<WhatsappDetails>(`/whatsapp/${h.whatsappId}`, { token });
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('token');
    expect(seen.body).not.toHaveProperty('qrcode');
    expect(await h.api(`/whatsapp/${b.whatsappId}`, { token: adminToken })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await change(b.whatsappId, { name: 'Roubada' })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await remove(b.whatsappId)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await eventCount()).toBe(before);
  });

  it('deleting a connection frees its name, logs its session out and tells the console', async () => {
    const feed = await h.socket(adminToken);
    try {
      const { body: w } = await create({ name: 'Temporária', channel: 'simulator' });
      await h.api(`/whatsapp/${w.id}/token`, { method: 'POST', token: adminToken });
      await h.api(`/whatsappsession/${w.id}`, { method: 'POST', token: adminToken });
      await h.pair(w.id);
      await eventually(async () => expect((await h.api<WhatsappDetails>(`/whatsapp/${w.id}`, { token: adminToken })).body.status).toBe('CONNECTED'));
      expect(await remove(w.id)).toMatchObject({ status: 200 });
      expect((await h.api(`/whatsapp/${w.id}`, { token: adminToken })).status).toBe(404);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-whatsapp`)).toContainEqual({ action: 'delete', whatsappId: w.id }));
      expect(await h.atendo.knex('whatsapp_tokens').where({ whatsapp_id: w.id })).toEqual([]);
      const again = await create({ name: 'Temporária' });
      expect(again.status).toBe(201);
      await remove(again.body.id);
    } finally {
      feed.close();
    }
  });

  it('a new connection runs on Baileys unless the simulator is asked for: it shows a QR code at once, pairs, and moves channel on request', async () => {
    const feed = await h.socket(adminToken);
    try {
      const { status, body: w } = await create({ name: 'Número real' });
      expect(status).toBe(201);
      expect(w.channel).toBe('baileys');
      await eventually(() => expect(feed.entries(`company-${h.companyId}-whatsappSession`)).toContainEqual(expect.objectContaining({ session: expect.objectContaining({ id: w.id, status: 'qrcode' }) })));
      const qr = (await h.api<WhatsappDetails>(`/whatsapp/${w.id}`, { token: adminToken })).body.qrcode;
      expect(qr).toMatch(/^2@/);
      h.whatsapp.scan(w.id);
      await eventually(async () => expect((await h.api<WhatsappDetails>(`/whatsapp/${w.id}`, { token: adminToken })).body).toMatchObject({ status: 'CONNECTED', qrcode: '' }));
      // Its credentials are stored, encrypted.
      const stored = await h.atendo.knex('whatsapp_auth').where({ whatsapp_id: w.id, category: 'creds' }).first('value');
      expect(stored).toBeTruthy();
      expect(Buffer.from(stored.value).toString('latin1')).not.toContain('noiseKey');
      // A bogus channel is refused by the schema, field by field.
      expect(await create({ name: 'Outro', channel: 'telegram' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      // Moving it to the simulator moves its session there.
      expect(await change(w.id, { channel: 'simulator' })).toMatchObject({ status: 200, body: { channel: 'simulator' } });
      await h.pair(w.id);
      await eventually(async () => expect((await h.api<WhatsappDetails>(`/whatsapp/${w.id}`, { token: adminToken })).body.status).toBe('CONNECTED'));
      expect(await remove(w.id)).toMatchObject({ status: 200 });
    } finally {
      feed.close();
    }
  });
});
