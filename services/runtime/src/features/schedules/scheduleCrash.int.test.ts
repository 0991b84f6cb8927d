import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { CRASH_PASSWORD, crashRig, type CrashRig } from '../../testing/crashRig.js';

/**
 * The platform as a process of its own, SIGKILLed before a schedule's time and started again well after it: the
 * message reaches the customer late, exactly once, and the schedule says when it went.
 */
describe('a schedule missed while the platform was down', () => {
  let rig: CrashRig;
  beforeAll(async () => {
    rig = await crashRig();
  });
  afterAll(async () => rig?.close());

  const NUMBER = '5511966660001';
  const platformMessages = async () =>
    (((await (await fetch(`${rig.simulator.url}/simulator/sessions/1/customers/${NUMBER}/messages`)).json()) as { messages?: Array<{ sender: string; body: string }> }).messages ?? [])
      .filter((m) => m.sender === 'platform')
      .map((m) => m.body);

  it('is sent on start, late and once', async () => {
    let platform = await rig.startPaired();
    const api = async (method: string, route: string, body?: unknown, token = '') => {
      const res = await fetch(`http://127.0.0.1:${rig.port}${route}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    await fetch(`${rig.simulator.url}/simulator/sessions/1/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ from: NUMBER, text: 'Oi', pushName: 'Daniela Lima' }] }),
    });
    const contactId = await eventually(async () => {
      const { rows } = await rig.client.query(`SELECT id FROM contacts WHERE number = $1`, [NUMBER]);
      expect(rows).toHaveLength(1);
      return Number(rows[0].id);
    }, 30_000, 200);
    const token = (await api('POST', '/auth/login', { email: 'admin@demo.atendo.local', password: CRASH_PASSWORD })).body.token as string;
    const sendAt = new Date(Date.now() + 5_000);
    const created = await api('POST', '/schedules', { body: '{{greeting}}, {{firstName}}! Chegou a hora.', contactId, sendAt: sendAt.toISOString() }, token);
    expect(created.status).toBe(201);
    const id = Number(created.body.id);

    // Down before its time, and for a while after it.
    platform.kill('SIGKILL');
    await new Promise((r) => platform.once('exit', r));
    await new Promise((r) => setTimeout(r, Math.max(0, sendAt.getTime() + 3_000 - Date.now())));
    expect(await platformMessages()).toEqual([]);
    expect((await rig.client.query(`SELECT status FROM schedules WHERE id = $1`, [id])).rows[0].status).toBe('PENDENTE');

    platform = await rig.startPlatform();
    await eventually(async () => expect(await platformMessages()).toEqual([expect.stringMatching(/^(Bom dia|Boa tarde|Boa noite), Daniela! Chegou a hora\.$/)]), 60_000, 200);
    const row = await eventually(async () => {
      const { rows } = await rig.client.query(`SELECT status, send_at, sent_at, message_id FROM schedules WHERE id = $1`, [id]);
      expect(rows[0].status).toBe('ENVIADA');
      return rows[0] as { send_at: Date; sent_at: Date; message_id: string };
    }, 30_000, 200);
    expect(row.sent_at.getTime() - row.send_at.getTime()).toBeGreaterThan(2_000);
    expect(row.message_id).toMatch(new RegExp(`^schedule-\\d+-${id}$`));
    // Once: a while later still one message, one ScheduleSent.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await platformMessages()).toHaveLength(1);
    expect(await rig.count(`SELECT count(*) FROM events WHERE event_type = 'ScheduleSent'`)).toBe(1);
  }, 180_000);
});
