import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { FakeWhatsapp, serveFakeWhatsapp } from '@atendo/channels/testing';
import { CRASH_PASSWORD, crashRig, type CrashRig } from './testing/crashRig.js';

const NUMBERS = 100;
const PER_NUMBER = 10;
const TOTAL = NUMBERS * PER_NUMBER;

/**
 * The Baileys path under a crash: the platform runs as its own process with a Baileys connection whose sockets reach a
 * fake WhatsApp in this test (over a local WebSocket), which, like WhatsApp's servers, delivers a message again until
 * a receipt confirms it. The platform is SIGKILLed in the middle of an inbound burst: at that moment no message may
 * have been confirmed that the platform had not yet journaled or recorded, and after the restart every message exists
 * exactly once, in the order each customer sent them.
 */
describe('crash during an inbound burst through the Baileys adapter', () => {
  let rig: CrashRig;
  const whatsapp = new FakeWhatsapp();
  let served: Awaited<ReturnType<typeof serveFakeWhatsapp>>;
  beforeAll(async () => {
    served = await serveFakeWhatsapp(whatsapp);
    rig = await crashRig({}, { FAKE_WHATSAPP_URL: served.url, WHATSAPP_AUTH_KEY: randomBytes(32).toString('base64') });
  });
  afterAll(async () => {
    await rig?.close();
    await served?.close();
    await whatsapp.close();
  });

  const api = async (method: string, route: string, token: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${rig.port}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('confirms nothing it has not kept, and after a SIGKILL mid-burst has every message exactly once, in order', async () => {
    const { client, count } = rig;
    let platform = await rig.startPlatform();
    const { token } = (await api('POST', '/auth/login', '', { email: 'admin@demo.atendo.local', password: CRASH_PASSWORD })).body;
    const queues = (await api('GET', '/queue', token)).body as Array<{ id: number }>;
    const created = await api('POST', '/whatsapp', token, { name: 'Loja', channel: 'baileys', queueIds: [queues[0]!.id] });
    expect(created.status).toBe(201);
    const connectionId = created.body.id as number;
    await eventually(() => whatsapp.scan(connectionId), 20_000);
    await eventually(async () => expect((await api('GET', `/whatsapp/${connectionId}`, token)).body.status).toBe('CONNECTED'), 20_000);

    // Ten rounds: each customer sends one message per round, so each customer's order is m0 … m9.
    const numbers = Array.from({ length: NUMBERS }, (_, i) => `55119${String(80000000 + i).padStart(8, '0')}`);
    const bodyOf = new Map<string, string>();
    for (let round = 0; round < PER_NUMBER; round++) {
      for (const [i, from] of numbers.entries()) {
        const sent = whatsapp.customerSays(connectionId, from, `m${round} from ${i}`, { pushName: `Cliente ${i}` });
        bodyOf.set(sent.key.id!, sent.message!.conversation!);
      }
    }

    // Killed while it ingests: some messages recorded, most not.
    const received = `SELECT count(*) FROM events WHERE event_type = 'MessageReceived' AND (data->>'whatsappId')::int = ${connectionId}`;
    await eventually(async () => expect(await count(received)).toBeGreaterThan(100), 60_000, 5);
    platform.kill('SIGKILL');
    await new Promise((r) => platform.once('exit', r));
    const atKill = await count(received);
    expect(atKill).toBeLessThan(TOTAL);

    // What WhatsApp heard "delivered" for was kept: in the journal, or already recorded.
    const unconfirmed = new Set(whatsapp.unconfirmedOf(connectionId).map((m) => m.key.id!));
    const journaled = new Set((await client.query(`SELECT provider_message_id FROM whatsapp_inbound_journal WHERE whatsapp_id = $1`, [connectionId])).rows.map((r) => r.provider_message_id as string));
    const recorded = new Set((await client.query(`SELECT data->>'body' AS body FROM events WHERE event_type = 'MessageReceived'`)).rows.map((r) => r.body as string));
    const confirmed = [...bodyOf.keys()].filter((id) => !unconfirmed.has(id));
    const lost = confirmed.filter((id) => !journaled.has(id) && !recorded.has(bodyOf.get(id)!));
    const notKept = [...bodyOf.keys()].filter((id) => !journaled.has(id) && !recorded.has(bodyOf.get(id)!)).length;
    expect(lost).toEqual([]);

    // Started again: the journal gives back what it kept, WhatsApp delivers again what was never confirmed.
    platform = await rig.startPlatform();
    await eventually(async () => {
      expect(await count(`SELECT count(*) FROM messages WHERE whatsapp_id = ${connectionId}`)).toBe(TOTAL);
      expect(whatsapp.unconfirmedOf(connectionId)).toEqual([]);
    }, 120_000, 200);

    expect(await count(received)).toBe(TOTAL);
    expect(await count(`SELECT count(DISTINCT data->>'messageId') FROM events WHERE event_type = 'MessageReceived' AND (data->>'whatsappId')::int = ${connectionId}`)).toBe(TOTAL);
    expect(await count(`SELECT count(*) FROM contacts WHERE number LIKE '551198%'`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM tickets WHERE whatsapp_id = ${connectionId}`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM whatsapp_inbound_journal`)).toBe(0);
    const { rows } = await client.query(`SELECT t.id, array_agg(split_part(m.body, ' ', 1) ORDER BY m.ordinal) AS bodies
                                           FROM tickets t JOIN messages m ON m.ticket_id = t.id WHERE t.whatsapp_id = $1 GROUP BY t.id`, [connectionId]);
    expect(rows).toHaveLength(NUMBERS);
    const expected = Array.from({ length: PER_NUMBER }, (_, i) => `m${i}`);
    for (const row of rows) expect(row.bodies).toEqual(expected);
    console.log(`Baileys crash test: killed with ${atKill}/${TOTAL} recorded, ${notKept} neither journaled nor recorded, ${unconfirmed.size} unconfirmed; after restart ${TOTAL} exactly once`);
  }, 300_000);
});
