import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { crashRig, type CrashRig } from './testing/crashRig.js';

const NUMBERS = 200;
const PER_NUMBER = 10;
const TOTAL = NUMBERS * PER_NUMBER;

/**
 * The platform runs as its own process; WhatsApp (the simulator) runs here, apart from it, like the real servers.
 * The platform is killed with SIGKILL in the middle of a burst and started again: every message must exist exactly
 * once in the log and in the read model.
 */
describe('crash during ingest', () => {
  let rig: CrashRig;
  beforeAll(async () => {
    rig = await crashRig();
  });
  afterAll(async () => rig?.close());

  it('loses no message and duplicates none when the platform is SIGKILLed mid-burst', async () => {
    const { simulator, client, count, session } = rig;
    let platform = await rig.startPaired();

    // Ten rounds: each of the 200 customers sends one message per round, so each customer's order is m0 … m9.
    const numbers = Array.from({ length: NUMBERS }, (_, i) => `55119${String(70000000 + i).padStart(8, '0')}`);
    for (let round = 0; round < PER_NUMBER; round++) {
      const res = await fetch(`${simulator.url}/simulator/sessions/1/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: numbers.map((from, i) => ({ from, text: `m${round} from ${i}`, pushName: `Cliente ${i}` })) }),
      });
      expect(res.status).toBe(202);
    }

    // Kill it while it is ingesting: some messages recorded, most not.
    await eventually(async () => expect(await count(`SELECT count(*) FROM events WHERE event_type = 'MessageReceived'`)).toBeGreaterThan(150), 30_000, 5);
    platform.kill('SIGKILL');
    await new Promise((r) => platform.once('exit', r));
    const atKill = await count(`SELECT count(*) FROM events WHERE event_type = 'MessageReceived'`);
    expect(atKill).toBeLessThan(TOTAL);

    platform = await rig.startPlatform();
    await eventually(async () => {
      expect(await count(`SELECT count(*) FROM messages`)).toBe(TOTAL);
      expect((await session()).pending).toBe(0);
    }, 120_000, 200);

    // The log: every message once, every customer one contact and one ticket.
    expect(await count(`SELECT count(*) FROM events WHERE event_type = 'MessageReceived'`)).toBe(TOTAL);
    expect(await count(`SELECT count(DISTINCT data->>'messageId') FROM events WHERE event_type = 'MessageReceived'`)).toBe(TOTAL);
    expect(await count(`SELECT count(*) FROM events WHERE event_type = 'ContactCreated'`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM events WHERE event_type = 'TicketOpened'`)).toBe(NUMBERS);
    // The read model agrees.
    expect(await count(`SELECT count(DISTINCT id) FROM messages`)).toBe(TOTAL);
    expect(await count(`SELECT count(*) FROM contacts`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM tickets WHERE status = 'pending'`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM tickets WHERE unread_messages = ${PER_NUMBER}`)).toBe(NUMBERS);
    // And each customer's messages are in the order sent.
    const { rows } = await client.query(`SELECT t.id, array_agg(split_part(m.body, ' ', 1) ORDER BY m.ordinal) AS bodies
                                           FROM tickets t JOIN messages m ON m.ticket_id = t.id GROUP BY t.id`);
    const expected = Array.from({ length: PER_NUMBER }, (_, i) => `m${i}`);
    for (const row of rows) expect(row.bodies).toEqual(expected);
    console.log(`crash test: killed with ${atKill}/${TOTAL} messages recorded; after restart ${TOTAL} exactly once`);
  }, 240_000);
});
