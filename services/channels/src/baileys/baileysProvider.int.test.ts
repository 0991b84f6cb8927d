import knexFactory, { type Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, SessionStatus } from '@atendo/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/platform/testing';
import { ChannelError, SendOutcomeUnknownError, type ChannelSink, type InboundMessage } from '../port.js';
import { BaileysProvider } from './baileysProvider.js';
import { FakeWhatsapp, memoryAuth } from './fakeWhatsapp.fixture.js';
import { inboundJournalMigration } from './inboundJournal.js';
import { sessionLeaseMigration } from './lease.js';
import { REASONS } from './reconnectPolicy.js';

/** What the platform would record, in order. */
function recordingSink(options: { failInbound?: number } = {}) {
  const statuses: Array<{ connectionId: number; status: SessionStatus; qrcode: string; reason?: string }> = [];
  const inbound: InboundMessage[] = [];
  const acks: Array<{ id: string; ack: Ack; reason?: string }> = [];
  const parked: string[] = [];
  let failuresLeft = options.failInbound ?? 0;
  const sink: ChannelSink = {
    async inbound(message) {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error('database unavailable');
      }
      if (!inbound.some((m) => m.providerMessageId === message.providerMessageId)) inbound.push(message);
    },
    async park(message) {
      parked.push(message.providerMessageId);
    },
    async ack(_connectionId, id, ack, reason) {
      acks.push({ id, ack, ...(reason ? { reason } : {}) });
    },
    async status(connectionId, status, qrcode, reason) {
      statuses.push({ connectionId, status, qrcode, ...(reason ? { reason } : {}) });
    },
    async sentMessage() {
      return undefined;
    },
  };
  return { sink, statuses, inbound, acks, parked, last: () => statuses[statuses.length - 1] };
}

let db: TestDatabase;
let knex: Knex;
const providers: BaileysProvider[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 4 } });
  await sessionLeaseMigration.up(knex);
  await inboundJournalMigration.up(knex);
});
afterEach(async () => {
  for (const p of providers.splice(0)) await p.close();
});
afterAll(async () => {
  await knex.destroy();
  await db.drop();
});

function provider(whatsapp: FakeWhatsapp, extra: Partial<ConstructorParameters<typeof BaileysProvider>[0]> = {}) {
  const p = new BaileysProvider({
    knex,
    auth: memoryAuth(),
    version: [2, 3000, 1043857760],
    owner: 'gateway-a',
    socketFactory: whatsapp.factory,
    serverAckTimeoutMs: 300,
    openSpacingMs: 1,
    retryMinMs: 10,
    random: () => 0,
    log: { info: () => undefined, warn: () => undefined },
    ...extra,
  });
  providers.push(p);
  return p;
}

let nextConnection = 100;

async function paired(whatsapp: FakeWhatsapp, p: BaileysProvider, rec = recordingSink()) {
  const connectionId = nextConnection++;
  await p.startSession({ connectionId, companyId: 1, name: 'Sales' }, rec.sink);
  await eventually(() => expect(rec.last()?.status).toBe('qrcode'));
  whatsapp.scan(connectionId);
  await eventually(() => expect(rec.last()?.status).toBe('CONNECTED'));
  return { connectionId, rec };
}

describe('Baileys provider (driven by a fake WhatsApp socket)', () => {
  it('pairs by QR code: OPENING → qrcode → PAIRING → CONNECTED, through the fresh socket WhatsApp asks for (515)', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { rec } = await paired(whatsapp, p);
    expect(rec.statuses.map((s) => s.status)).toEqual(['OPENING', 'qrcode', 'PAIRING', 'OPENING', 'CONNECTED']);
    expect(rec.statuses[1]!.qrcode).toMatch(/^2@fake-qr-/);
    expect(whatsapp.connects).toBe(2);
  });

  it('records what customers send, offline (append) as well as live (notify), and empties its journal', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { connectionId, rec } = await paired(whatsapp, p);
    whatsapp.customerSays(connectionId, '5511999990001', 'Olá', { pushName: 'Ana' });
    whatsapp.customerSays(connectionId, '5511999990001', 'sent while you were away', { type: 'append' });
    await eventually(() => expect(rec.inbound.map((m) => m.body)).toEqual(['Olá', 'sent while you were away']));
    expect(rec.inbound[0]).toMatchObject({ connectionId, from: '5511999990001', pushName: 'Ana', mediaType: 'chat' });
    await eventually(async () => expect(Number((await knex('whatsapp_inbound_journal').where({ whatsapp_id: connectionId }).count('* as n'))[0]!.n)).toBe(0));
  });

  it('a customer writing from a LID is recorded under the phone number WhatsApp gives with it, the LID kept', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { connectionId, rec } = await paired(whatsapp, p);
    whatsapp.customerSays(connectionId, '5511999990002', 'from my lid', { lid: '123456789012345' });
    await eventually(() => expect(rec.inbound).toHaveLength(1));
    expect(rec.inbound[0]).toMatchObject({ from: '5511999990002', lid: '123456789012345' });
  });

  it('a message the platform keeps refusing is retried, then parked, and the next one goes on', async () => {
    const whatsapp = new FakeWhatsapp();
    const rec = recordingSink({ failInbound: 5 });
    const p = provider(whatsapp, { parkAfterFailures: 3 });
    const { connectionId } = await paired(whatsapp, p, rec);
    const first = whatsapp.customerSays(connectionId, '5511999990003', 'first');
    whatsapp.customerSays(connectionId, '5511999990003', 'second');
    await eventually(() => expect(rec.inbound.map((m) => m.body)).toEqual(['second']));
    expect(rec.parked).toEqual([first.key.id]);
  });

  it('a send resolves once WhatsApp’s server acknowledges it; receipts follow as acks', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { connectionId, rec } = await paired(whatsapp, p);
    const sent = await p.send({ connectionId, to: '5511999990004', body: 'Hello', idempotencyKey: 'msg-1' });
    expect(sent.providerMessageId).toBe(p.providerMessageId('msg-1'));
    expect(whatsapp.phones.get('5511999990004')).toEqual([{ id: sent.providerMessageId, text: 'Hello', connectionId }]);
    await eventually(() => expect(rec.acks).toContainEqual({ id: sent.providerMessageId, ack: 2 }));
    // The same key again (after a crash) is the same WhatsApp message: the phone shows it once.
    await p.send({ connectionId, to: '5511999990004', body: 'Hello', idempotencyKey: 'msg-1' });
    expect(whatsapp.phones.get('5511999990004')).toHaveLength(1);
  });

  it('a reply sent while the socket comes back (a dropped connection) waits for it and goes out', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { connectionId, rec } = await paired(whatsapp, p);
    whatsapp.socketOf(connectionId)!.close(428);
    const sent = await p.send({ connectionId, to: '5511999990009', body: 'still here', idempotencyKey: 'msg-reconnect' });
    expect(whatsapp.phones.get('5511999990009')).toEqual([expect.objectContaining({ id: sent.providerMessageId, text: 'still here' })]);
    expect(rec.statuses.slice(-2).map((s) => s.status)).toEqual(['OPENING', 'CONNECTED']);
  });

  it('an error ack refuses the send with WhatsApp’s code; no server ack makes the outcome unknown', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { connectionId } = await paired(whatsapp, p);
    whatsapp.errorFor.set('5511999990005', '463');
    const refused = await p.send({ connectionId, to: '5511999990005', body: 'x', idempotencyKey: 'msg-2' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChannelError);
    expect((refused as Error).message).toContain('463');
    whatsapp.silentFor.add('5511999990006');
    await expect(p.send({ connectionId, to: '5511999990006', body: 'y', idempotencyKey: 'msg-3' })).rejects.toBeInstanceOf(SendOutcomeUnknownError);
    const invalid = await p.send({ connectionId, to: 'not-a-number', body: 'z', idempotencyKey: 'msg-4' }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('an error that comes after the send (messages.update ERROR) reaches the platform as ack 0 with the reason', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const { connectionId, rec } = await paired(whatsapp, p);
    whatsapp.socketOf(connectionId)!.ev.emit('messages.update', [{ key: { remoteJid: '5511999990007@s.whatsapp.net', fromMe: true, id: '3EB0LATE' }, update: { status: 0, messageStubParameters: ['479'] } }]);
    await eventually(() => expect(rec.acks).toContainEqual({ id: '3EB0LATE', ack: 0, reason: 'WhatsApp refused the message (479)' }));
  });

  it('a number WhatsApp refuses (403) stops at once with the reason; a logged-out one (401) wipes its credentials', async () => {
    const whatsapp = new FakeWhatsapp();
    const auth = memoryAuth();
    const p = provider(whatsapp, { auth });
    const rec = recordingSink();
    whatsapp.refuse.set(900, 403);
    await p.startSession({ connectionId: 900, companyId: 1, name: 'Banned' }, rec.sink);
    await eventually(() => expect(rec.last()).toMatchObject({ status: 'DISCONNECTED', reason: REASONS.forbidden }));
    await new Promise((r) => setTimeout(r, 300));
    expect(whatsapp.connects).toBe(1);

    whatsapp.refuse.set(901, 401);
    await p.startSession({ connectionId: 901, companyId: 1, name: 'Unlinked' }, rec.sink);
    await eventually(() => expect(rec.last()).toMatchObject({ connectionId: 901, status: 'DISCONNECTED', reason: REASONS.loggedOut }));
    await eventually(() => expect(auth.wiped).toContain(901));
  });

  it('a connection refused on every connect backs off and then stops, instead of looping', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const rec = recordingSink();
    whatsapp.refuse.set(902, 428);
    await p.startSession({ connectionId: 902, companyId: 1, name: 'Flaky' }, rec.sink);
    await eventually(() => expect(rec.last()).toMatchObject({ status: 'TIMEOUT', reason: REASONS.breaker }), 10_000);
    const connects = whatsapp.connects;
    await new Promise((r) => setTimeout(r, 600));
    expect(whatsapp.connects).toBe(connects);
    expect(connects).toBe(8);
  });

  it('a QR code nobody scans stops the session after a few codes, and says why', async () => {
    const whatsapp = new FakeWhatsapp();
    const p = provider(whatsapp);
    const rec = recordingSink();
    await p.startSession({ connectionId: 903, companyId: 1, name: 'Nobody scans' }, rec.sink);
    for (let i = 0; i < 6; i++) {
      await eventually(() => expect(rec.last()?.status === 'qrcode' || rec.last()?.status === 'TIMEOUT').toBe(true));
      if (rec.last()?.status === 'TIMEOUT') break;
      // WhatsApp shows the next code (Baileys emits a new qr on the same socket).
      whatsapp.socketOf(903)?.ev.emit('connection.update', { qr: `2@next-${i}` });
    }
    await eventually(() => expect(rec.last()).toMatchObject({ status: 'TIMEOUT', reason: REASONS.qrNotScanned }));
    expect(rec.statuses.filter((s) => s.status === 'qrcode').length).toBe(5);
  });

  it('one owner per number: a second gateway process does not open a session whose lease another holds', async () => {
    const whatsapp = new FakeWhatsapp();
    const a = provider(whatsapp, { owner: 'gateway-a' });
    const b = provider(whatsapp, { owner: 'gateway-b' });
    const recA = recordingSink();
    const recB = recordingSink();
    await a.startSession({ connectionId: 904, companyId: 1, name: 'Shared' }, recA.sink);
    await b.startSession({ connectionId: 904, companyId: 1, name: 'Shared' }, recB.sink);
    await eventually(() => expect(recA.last()?.status).toBe('qrcode'));
    expect(whatsapp.sockets.filter((s) => s.connectionId === 904)).toHaveLength(1);
    expect(b.sessionCount()).toBe(0);
    // Once A stops, B can take it.
    await a.stopSession(904);
    await b.startSession({ connectionId: 904, companyId: 1, name: 'Shared' }, recB.sink);
    await eventually(() => expect(recB.last()?.status).toBe('qrcode'));
  });

  it('a standby process takes over a number whose owner died, once the lease lapses', async () => {
    const whatsapp = new FakeWhatsapp();
    const a = provider(whatsapp, { owner: 'gateway-dies', leaseTtlMs: 1_500 });
    const b = provider(whatsapp, { owner: 'gateway-standby', leaseTtlMs: 1_500 });
    const recA = recordingSink();
    const recB = recordingSink();
    await a.startSession({ connectionId: 906, companyId: 1, name: 'Taken over' }, recA.sink);
    await b.startSession({ connectionId: 906, companyId: 1, name: 'Taken over' }, recB.sink);
    await eventually(() => expect(recA.last()?.status).toBe('qrcode'));
    expect(recB.statuses).toEqual([]);
    // A dies: no more renewals, no release.
    clearInterval((a as unknown as { renewal: NodeJS.Timeout }).renewal);
    whatsapp.socketOf(906)!.end();
    await eventually(() => expect(recB.last()?.status).toBe('qrcode'), 8_000);
  });

  it('what an earlier process received and did not record is replayed from the journal at the next start', async () => {
    const whatsapp = new FakeWhatsapp();
    const rec = recordingSink();
    const p = provider(whatsapp);
    const connectionId = 905;
    const left = { key: { remoteJid: '5511999990008@s.whatsapp.net', fromMe: false, id: '3AJOURNALED' }, message: { conversation: 'left behind' }, messageTimestamp: 1_700_000_000 };
    await knex('whatsapp_inbound_journal').insert({ whatsapp_id: connectionId, provider_message_id: '3AJOURNALED', message: JSON.stringify(left) });
    await p.startSession({ connectionId, companyId: 1, name: 'Restarted' }, rec.sink);
    await eventually(() => expect(rec.inbound.map((m) => m.body)).toEqual(['left behind']));
    await eventually(async () => expect(Number((await knex('whatsapp_inbound_journal').where({ whatsapp_id: connectionId }).count('* as n'))[0]!.n)).toBe(0));
  });
});
