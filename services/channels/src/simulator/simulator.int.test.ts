import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ack, SessionStatus } from '@atendo/contracts';
import { ChannelError, SendOutcomeUnknownError, type ChannelSink, type InboundMessage } from '../port.js';
import { SimulatorProvider, type SimulatorProviderOptions } from './simulatorProvider.js';
import { createSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from './simulatorServer.js';

const quiet = { warn: () => undefined };
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSimulator(options: Partial<SimulatorServerOptions> = {}): Promise<SimulatorServer> {
  const sim = await createSimulatorServer({ port: 0, ackDelaysMs: [20, 60], redeliverAfterMs: 200, log: quiet, ...options });
  cleanups.push(() => sim.close());
  return sim;
}

function provider(sim: { url: string }, options: SimulatorProviderOptions = {}): SimulatorProvider {
  const p = new SimulatorProvider(sim.url, { log: quiet, reconnectMinMs: 20, reconnectMaxMs: 200, retryMinMs: 20, ...options });
  cleanups.push(() => p.close());
  return p;
}

class RecordingSink implements ChannelSink {
  readonly messages: InboundMessage[] = [];
  readonly statuses: Array<{ status: SessionStatus; qrcode: string }> = [];
  readonly acks: Array<{ providerMessageId: string; ack: Ack }> = [];
  readonly parked: Array<{ message: InboundMessage; reason: string }> = [];
  calls = 0;
  constructor(
    private readonly behaviour?: (message: InboundMessage, call: number) => Promise<void>,
    /** Off by default: a sink that cannot park keeps the provider retrying. */
    private readonly canPark = false,
  ) {}

  async park(message: InboundMessage, reason: string): Promise<void> {
    if (!this.canPark) throw new Error('this sink does not park');
    this.parked.push({ message, reason });
  }

  async inbound(message: InboundMessage): Promise<void> {
    const call = ++this.calls;
    if (this.behaviour) await this.behaviour(message, call);
    this.messages.push(message);
  }
  async ack(_connectionId: number, providerMessageId: string, ack: Ack): Promise<void> {
    this.acks.push({ providerMessageId, ack });
  }
  async status(_connectionId: number, status: SessionStatus, qrcode: string): Promise<void> {
    this.statuses.push({ status, qrcode });
  }
  get statusNames(): SessionStatus[] {
    return this.statuses.map((s) => s.status);
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function api(sim: { url: string }, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sim.url}/simulator${route}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const session = { connectionId: 1, companyId: 1, name: 'Main' };

/** Opens session 1 and scans its QR code. */
async function paired(sim: SimulatorServer, sink = new RecordingSink(), p = provider(sim)) {
  await p.startSession(session, sink);
  await waitFor(() => sink.statusNames.includes('qrcode'), 'qrcode');
  expect((await api(sim, 'POST', '/sessions/1/scan')).status).toBe(200);
  await waitFor(() => sink.statusNames.at(-1) === 'CONNECTED', 'CONNECTED');
  return { p, sink };
}

/** Opens session 1 again, on a phone that is still linked. */
async function reconnected(p: SimulatorProvider, sink = new RecordingSink()) {
  await p.startSession(session, sink);
  await waitFor(() => sink.statusNames.at(-1) === 'CONNECTED', 'CONNECTED');
  return { p, sink };
}

async function pending(sim: SimulatorServer, connectionId = 1): Promise<number> {
  return (await api(sim, 'GET', `/sessions/${connectionId}`)).body.pending as number;
}

describe('simulated WhatsApp: connection status', () => {
  it('goes OPENING → qrcode → CONNECTED after a scan, straight to CONNECTED once paired, DISCONNECTED when the phone unlinks', async () => {
    const sim = await startSimulator();
    const sink = new RecordingSink();
    const p = provider(sim);
    await p.startSession(session, sink);
    await waitFor(() => sink.statusNames.includes('qrcode'), 'qrcode');
    expect(sink.statusNames).toEqual(['OPENING', 'qrcode']);
    expect(sink.statuses[1]!.qrcode).toMatch(/^atendo-sim:1:.+/);
    expect((await api(sim, 'GET', '/sessions/1')).body).toMatchObject({ status: 'qrcode', qrcode: sink.statuses[1]!.qrcode, paired: false, platformConnected: true });

    const scan = await api(sim, 'POST', '/sessions/1/scan');
    expect(scan).toMatchObject({ status: 200, body: { status: 'CONNECTED', qrcode: '', paired: true } });
    await waitFor(() => sink.statusNames.length === 3, 'CONNECTED');
    expect(sink.statuses[2]).toEqual({ status: 'CONNECTED', qrcode: '' });

    // The platform restarts: the phone is still linked, no QR code this time.
    await p.close();
    const again = new RecordingSink();
    await provider(sim).startSession(session, again);
    await waitFor(() => again.statusNames.includes('CONNECTED'), 'CONNECTED after reconnect');
    expect(again.statusNames).toEqual(['OPENING', 'CONNECTED']);

    expect((await api(sim, 'POST', '/sessions/1/disconnect')).body).toMatchObject({ status: 'DISCONNECTED', paired: false });
    await waitFor(() => again.statusNames.at(-1) === 'DISCONNECTED', 'DISCONNECTED');
    expect((await api(sim, 'GET', '/sessions/1')).body).toMatchObject({ status: 'DISCONNECTED', paired: false, platformConnected: false });
  });

  it('logs out from the platform side, and a new start shows a new QR code', async () => {
    const sim = await startSimulator();
    const { p, sink } = await paired(sim);
    await p.logout(1);
    expect(sink.statusNames.at(-1)).toBe('DISCONNECTED');
    expect((await api(sim, 'GET', '/sessions/1')).body).toMatchObject({ status: 'DISCONNECTED', paired: false });
    await expect(p.send({ connectionId: 1, to: '5511999990001', body: 'hi', idempotencyKey: 'k-1' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });

    const next = new RecordingSink();
    await p.startSession(session, next);
    await waitFor(() => next.statusNames.includes('qrcode'), 'new qrcode');
    expect(next.statuses.at(-1)!.qrcode).not.toBe('');
  });

  it('keeps trying until the simulator is up', async () => {
    const port = await freePort();
    const sink = new RecordingSink();
    const p = provider({ url: `http://127.0.0.1:${port}` });
    await p.startSession(session, sink);
    await sleep(300);
    expect(sink.statusNames).toEqual(['OPENING']);
    const sim = await startSimulator({ port });
    await waitFor(() => sink.statusNames.includes('qrcode'), 'qrcode once the simulator is up');
    expect((await api(sim, 'GET', '/sessions/1')).body.platformConnected).toBe(true);
  });
});

describe('simulated WhatsApp: inbound messages', () => {
  it('hands a customer message to sink.inbound with its fields', async () => {
    const sim = await startSimulator();
    const { sink } = await paired(sim);
    const before = Date.now();
    const posted = await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text: 'Olá, preciso de ajuda', pushName: 'Maria' });
    expect(posted.status).toBe(202);
    expect(posted.body.id).toEqual(expect.any(String));
    await waitFor(() => sink.messages.length === 1, 'the message');
    const message = sink.messages[0]!;
    expect(message).toEqual({
      connectionId: 1,
      providerMessageId: posted.body.id,
      from: '5511999990001',
      pushName: 'Maria',
      body: 'Olá, preciso de ajuda',
      mediaType: 'chat',
      timestamp: expect.any(Number),
      isGroup: false,
    });
    expect(message.timestamp).toBeGreaterThanOrEqual(before);
    expect(message.timestamp).toBeLessThanOrEqual(Date.now());
    await waitFor(async () => (await pending(sim)) === 0, 'the acknowledgement');
    const view = await api(sim, 'GET', '/sessions/1/customers/5511999990001/messages');
    expect(view.body).toMatchObject({ number: '5511999990001', pushName: 'Maria', messages: [{ id: posted.body.id, sender: 'customer', body: 'Olá, preciso de ajuda', ack: 2 }] });
  });

  it('acknowledges a message only after sink.inbound resolved', async () => {
    const sim = await startSimulator({ redeliverAfterMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sink = new RecordingSink(() => gate);
    await paired(sim, sink);
    await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text: 'one' });
    await waitFor(() => sink.calls === 1, 'the sink call');
    await sleep(100);
    expect(await pending(sim)).toBe(1);
    release();
    await waitFor(async () => (await pending(sim)) === 0, 'the acknowledgement');
    expect(sink.messages).toHaveLength(1);
  });

  it('delivers again what a failing sink rejected, and never again once acknowledged', async () => {
    const sim = await startSimulator();
    const sink = new RecordingSink(async (_m, call) => {
      if (call === 1) throw new Error('database down');
    });
    // The provider's own retry is pushed out of the way: the simulator's redelivery brings the message back.
    await paired(sim, sink, provider(sim, { retryMinMs: 60_000 }));
    const { body } = await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text: 'hello' });
    await waitFor(() => sink.messages.length === 1, 'the redelivered message');
    expect(sink.calls).toBe(2);
    expect(sink.messages[0]!.providerMessageId).toBe(body.id);
    await waitFor(async () => (await pending(sim)) === 0, 'the acknowledgement');
    await sleep(700); // several redelivery periods
    expect(sink.calls).toBe(2);
  });

  it('parks a message the sink keeps refusing, so the same customer’s later messages are recorded after it', async () => {
    const sim = await startSimulator();
    const sink = new RecordingSink(async (m) => {
      if (m.body === 'poison') throw new Error('cannot record this one');
    }, true);
    await paired(sim, sink, provider(sim, { parkAfterFailures: 3 }));
    for (const text of ['before', 'poison', 'after 1', 'after 2']) {
      await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text });
    }
    await waitFor(() => sink.messages.length === 3, 'the later messages', 15_000);
    expect(sink.messages.map((m) => m.body)).toEqual(['before', 'after 1', 'after 2']);
    expect(sink.parked).toHaveLength(1);
    expect(sink.parked[0]).toMatchObject({ message: { body: 'poison', from: '5511999990001' }, reason: 'cannot record this one' });
    // Parked counts as kept: WhatsApp (the simulator) is told, and stops delivering it again.
    await waitFor(async () => (await pending(sim)) === 0, 'every message acknowledged');
    const calls = sink.calls;
    await sleep(600);
    expect(sink.calls).toBe(calls);
  });

  it('keeps retrying, without parking, while the sink cannot park either', async () => {
    const sim = await startSimulator();
    let down = true;
    const sink = new RecordingSink(async () => {
      if (down) throw new Error('database down');
    });
    await paired(sim, sink, provider(sim, { parkAfterFailures: 2, retryMaxMs: 50 }));
    await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text: 'first' });
    await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text: 'second' });
    await waitFor(() => sink.calls >= 6, 'several tries');
    down = false;
    await waitFor(() => sink.messages.length === 2, 'both messages once the database is back');
    expect(sink.messages.map((m) => m.body)).toEqual(['first', 'second']);
  });

  it('delivers again, after reconnecting, what a provider closed before acknowledging had been given', async () => {
    const sim = await startSimulator({ redeliverAfterMs: 60_000 });
    const stuck = new RecordingSink(() => new Promise<void>(() => undefined));
    const { p } = await paired(sim, stuck);
    const { body } = await api(sim, 'POST', '/sessions/1/customers/5511999990001/messages', { text: 'are you there?' });
    await waitFor(() => stuck.calls === 1, 'the first delivery');
    await p.close(); // as if the platform died while recording it

    const sink = new RecordingSink();
    await provider(sim).startSession(session, sink);
    await waitFor(() => sink.messages.length === 1, 'the redelivery');
    expect(sink.messages[0]!.providerMessageId).toBe(body.id);
    await waitFor(async () => (await pending(sim)) === 0, 'the acknowledgement');

    const later = new RecordingSink();
    const third = provider(sim);
    await third.startSession(session, later);
    await waitFor(() => later.statusNames.includes('CONNECTED'), 'CONNECTED');
    await sleep(200);
    expect(later.calls).toBe(0);
  });

  it('does not hand the sink a second copy of a message that is still waiting behind a slow one', async () => {
    const sim = await startSimulator({ redeliverAfterMs: 30 });
    const sink = new RecordingSink(() => sleep(15));
    await paired(sim, sink);
    const messages = [];
    for (let n = 0; n < 15; n++) for (let c = 0; c < 10; c++) messages.push({ from: `55119800000${c}`, text: `#${n}` });
    await api(sim, 'POST', '/sessions/1/inbound', { messages });
    await waitFor(async () => (await pending(sim)) === 0, 'all acknowledged');
    await sleep(200);
    expect(sink.calls).toBe(150);
    expect(new Set(sink.messages.map((m) => m.providerMessageId)).size).toBe(150);
  });

  it('keeps each customer in order while customers run concurrently, also through failures', async () => {
    const sim = await startSimulator({ redeliverAfterMs: 100 });
    let inSink = 0;
    let maxInSink = 0;
    const busy = new Set<string>();
    let overlap = false;
    const sink = new RecordingSink(async (m) => {
      if (busy.has(m.from)) overlap = true;
      busy.add(m.from);
      inSink++;
      maxInSink = Math.max(maxInSink, inSink);
      await sleep(Math.random() * 4);
      inSink--;
      busy.delete(m.from);
      if (Math.random() < 0.1) throw new Error('transient failure');
    });
    await paired(sim, sink);
    const customers = Array.from({ length: 20 }, (_, i) => `55119000${String(i).padStart(4, '0')}`);
    const messages = [];
    for (let n = 0; n < 25; n++) for (const from of customers) messages.push({ from, text: `${from} #${n}` });
    expect((await api(sim, 'POST', '/sessions/1/inbound', { messages })).status).toBe(202);

    await waitFor(async () => (await pending(sim)) === 0, 'all acknowledged', 20_000);
    expect(overlap).toBe(false);
    expect(maxInSink).toBeGreaterThan(1);
    const recorded = sink.messages;
    expect(new Set(recorded.map((m) => m.providerMessageId)).size).toBe(recorded.length);
    expect(recorded).toHaveLength(500);
    for (const from of customers) {
      expect(recorded.filter((m) => m.from === from).map((m) => m.body)).toEqual(Array.from({ length: 25 }, (_, n) => `${from} #${n}`));
    }
  });
});

describe('simulated WhatsApp: outbound messages', () => {
  it('sends, shows the message to the customer and reports acks 1 → 2 → 3', async () => {
    const sim = await startSimulator();
    const { p, sink } = await paired(sim);
    const sent = await p.send({ connectionId: 1, to: '5511999990001', body: 'Bom dia! Como posso ajudar?', idempotencyKey: 'our-id-1' });
    expect(sent.providerMessageId).toBe('our-id-1');
    expect(p.providerMessageId('our-id-1')).toBe('our-id-1');
    expect(sent.timestamp).toBeLessThanOrEqual(Date.now());

    await waitFor(() => sink.acks.some((a) => a.ack === 3), 'read receipt');
    expect(sink.acks.filter((a) => a.providerMessageId === sent.providerMessageId).map((a) => a.ack)).toEqual([1, 2, 3]);
    const view = await api(sim, 'GET', '/sessions/1/customers/5511999990001/messages');
    expect(view.body.messages).toEqual([
      { id: sent.providerMessageId, sender: 'platform', body: 'Bom dia! Como posso ajudar?', timestamp: sent.timestamp, ack: 3, quotedId: null },
    ]);
  });

  it('refuses to send on a session that is not connected, or to a bad number', async () => {
    const sim = await startSimulator();
    const sink = new RecordingSink();
    const p = provider(sim);
    await expect(p.send({ connectionId: 1, to: '5511999990001', body: 'x', idempotencyKey: 'k-x' })).rejects.toBeInstanceOf(ChannelError);
    await p.startSession(session, sink);
    await waitFor(() => sink.statusNames.includes('qrcode'), 'qrcode');
    await expect(p.send({ connectionId: 1, to: '5511999990001', body: 'x', idempotencyKey: 'k-x' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    await api(sim, 'POST', '/sessions/1/scan');
    await waitFor(() => sink.statusNames.at(-1) === 'CONNECTED', 'CONNECTED');
    await expect(p.send({ connectionId: 1, to: '12', body: 'x', idempotencyKey: 'k-y' })).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('a send while the session is still connecting waits for it, instead of being refused (a restart, a dropped link)', async () => {
    const sim = await startSimulator();
    const { p } = await paired(sim);
    await p.close();
    const again = provider(sim);
    await again.startSession(session, new RecordingSink());
    // The link to the phone is still being made: OPENING.
    const sent = await again.send({ connectionId: 1, to: '5511999990001', body: 'assim que conectar', idempotencyKey: 'k-wait' });
    expect(sent.providerMessageId).toBe('k-wait');
    // A session that needs its QR code scanned is not connecting: refused at once.
    await api(sim, 'POST', '/sessions/1/disconnect');
    const started = Date.now();
    await expect(again.send({ connectionId: 1, to: '5511999990001', body: 'x', idempotencyKey: 'k-no' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a second send with the same key is confirmed with the same id and reaches the customer once, also across a platform restart', async () => {
    const sim = await startSimulator();
    const { p } = await paired(sim);
    const message = { connectionId: 1, to: '5511999990001', body: 'Só uma vez', idempotencyKey: 'reply-1', quotedProviderMessageId: 'their-1' };
    const first = await p.send(message);
    const again = await p.send(message);
    expect(again).toEqual(first);

    // The platform crashed before it recorded the send, and sends it again from a new process.
    await p.close();
    const { p: restarted, sink } = await reconnected(provider(sim));
    expect(await restarted.send(message)).toEqual(first);
    // It also learns how far the message got, so that its state settles.
    await waitFor(() => sink.acks.some((a) => a.providerMessageId === 'reply-1' && a.ack === 3), 'the read receipt after the restart');

    const view = await api(sim, 'GET', '/sessions/1/customers/5511999990001/messages');
    expect(view.body.messages).toEqual([{ id: 'reply-1', sender: 'platform', body: 'Só uma vez', timestamp: first.timestamp, ack: 3, quotedId: 'their-1' }]);
  });

  it('a send whose confirmation is lost times out as unknown, not refused; the message arrived and its acks follow', async () => {
    const sim = await startSimulator();
    const { p, sink } = await paired(sim, new RecordingSink(), provider(sim, { sendTimeoutMs: 300 }));
    expect((await api(sim, 'POST', '/sessions/1/faults', { loseConfirmations: 1 })).status).toBe(200);
    const lost = p.send({ connectionId: 1, to: '5511999990001', body: 'perdida?', idempotencyKey: 'reply-2' });
    await expect(lost).rejects.toBeInstanceOf(SendOutcomeUnknownError);
    await expect(lost).rejects.not.toBeInstanceOf(ChannelError);
    await waitFor(() => sink.acks.some((a) => a.providerMessageId === 'reply-2' && a.ack === 3), 'the receipts of the lost send');
    const view = await api(sim, 'GET', '/sessions/1/customers/5511999990001/messages');
    expect(view.body.messages.map((m: { body: string }) => m.body)).toEqual(['perdida?']);
  });
});

describe('simulated WhatsApp: HTTP API', () => {
  it('answers 400 on bad input, 409 when the session is not connected, 404 for an unknown session', async () => {
    const sim = await startSimulator();
    const post = (route: string, body: unknown) => api(sim, 'POST', route, body);
    const invalid = { status: 400, body: { error: 'ERR_VALIDATION', message: expect.any(String) } };
    const notConnected = { status: 409, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } };

    expect(await post('/sessions/1/customers/5511999990001/messages', { text: 'hi' })).toMatchObject(notConnected);
    expect(await api(sim, 'GET', '/sessions/1')).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });

    const sink = new RecordingSink();
    await provider(sim).startSession(session, sink);
    await waitFor(() => sink.statusNames.includes('qrcode'), 'qrcode');
    expect(await post('/sessions/1/customers/5511999990001/messages', { text: 'hi' })).toMatchObject(notConnected);
    expect(await post('/sessions/1/inbound', { messages: [{ from: '5511999990001', text: 'hi' }] })).toMatchObject(notConnected);
    await post('/sessions/1/scan', {});

    expect(await post('/sessions/1/customers/123/messages', { text: 'hi' })).toMatchObject(invalid);
    expect(await post('/sessions/1/customers/+5511999990001/messages', { text: 'hi' })).toMatchObject(invalid);
    expect(await post('/sessions/1/customers/5511999990001/messages', { text: '' })).toMatchObject(invalid);
    expect(await post('/sessions/1/customers/5511999990001/messages', { text: '   ' })).toMatchObject(invalid);
    expect(await post('/sessions/1/customers/5511999990001/messages', { text: 'x'.repeat(4097) })).toMatchObject(invalid);
    expect(await post('/sessions/1/customers/5511999990001/messages', { text: 42 })).toMatchObject(invalid);
    expect(await post('/sessions/1/customers/5511999990001/messages', '{not json')).toMatchObject(invalid);
    expect(await post('/sessions/abc/customers/5511999990001/messages', { text: 'hi' })).toMatchObject(invalid);
    expect(await post('/sessions/1/inbound', { messages: [] })).toMatchObject(invalid);
    expect(await post('/sessions/1/inbound', { messages: [{ from: '5511999990001', text: 'ok' }, { from: '1', text: 'bad' }] })).toMatchObject(invalid);
    expect(await pending(sim)).toBe(0); // a batch with one bad message takes none
    expect(await post('/sessions/1/faults', { loseConfirmations: -1 })).toMatchObject(invalid);
    expect(await post('/sessions/1/faults', { dropConnectionOnSend: 'one' })).toMatchObject(invalid);
    expect(await post('/sessions/9/faults', { loseConfirmations: 1 })).toMatchObject({ status: 404 });

    expect(await post('/sessions/1/customers/5511999990001/messages', { text: 'x'.repeat(4096) })).toMatchObject({ status: 202 });
    expect((await api(sim, 'GET', '/health')).body).toMatchObject({ ok: true, sessions: 1 });
    expect(await api(sim, 'GET', '/nothing')).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });
});

describe('simulated WhatsApp: its own restarts', () => {
  it('keeps sessions and unacknowledged messages in its data file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-sim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataFile = path.join(dir, 'state.json');

    const first = await startSimulator({ dataFile });
    const { p } = await paired(first);
    await p.close();
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await api(first, 'POST', '/sessions/1/customers/5511999990001/messages', { text })).body.id);
    await first.close();

    const second = await startSimulator({ dataFile });
    expect((await api(second, 'GET', '/sessions/1')).body).toMatchObject({ status: 'CONNECTED', paired: true, pending: 3 });
    const sink = new RecordingSink();
    await provider(second).startSession(session, sink);
    await waitFor(() => sink.messages.length === 3, 'the kept messages');
    expect(sink.statusNames).toEqual(['OPENING', 'CONNECTED']);
    expect(sink.messages.map((m) => m.providerMessageId)).toEqual(ids);
    expect(sink.messages.map((m) => m.body)).toEqual(['one', 'two', 'three']);
    await waitFor(async () => (await pending(second)) === 0, 'the acknowledgements');
  });

  it('remembers the keys of sent messages across its own restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-sim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataFile = path.join(dir, 'state.json');
    const message = { connectionId: 1, to: '5511999990001', body: 'uma vez', idempotencyKey: 'reply-3' };

    const first = await startSimulator({ dataFile });
    const { p } = await paired(first);
    const sent = await p.send(message);
    await p.close();
    await first.close();

    const second = await startSimulator({ dataFile });
    const { p: again } = await reconnected(provider(second));
    expect(await again.send(message)).toEqual(sent);
    const view = await api(second, 'GET', '/sessions/1/customers/5511999990001/messages');
    expect(view.body.messages.map((m: { id: string }) => m.id)).toEqual(['reply-3']);
  });
});

describe('simulated WhatsApp: throughput', () => {
  it('brings 2,000 messages from 200 numbers to the sink, each exactly once', async () => {
    const sim = await startSimulator({ redeliverAfterMs: 2_000 });
    const counts = new Map<string, number>();
    const order = new Map<string, number[]>();
    const sink = new RecordingSink(async (m) => {
      counts.set(m.providerMessageId, (counts.get(m.providerMessageId) ?? 0) + 1);
      const seq = Number(m.body.split('#')[1]);
      const list = order.get(m.from) ?? [];
      list.push(seq);
      order.set(m.from, list);
    });
    await paired(sim, sink);
    const numbers = Array.from({ length: 200 }, (_, i) => `5521988${String(i).padStart(6, '0')}`);
    const all = [];
    for (let n = 0; n < 10; n++) for (const from of numbers) all.push({ from, text: `message #${n}`, pushName: `Customer ${from.slice(-3)}` });

    const started = performance.now();
    const ids: string[] = [];
    const batches = [];
    for (let i = 0; i < all.length; i += 200) batches.push(all.slice(i, i + 200));
    for (const batch of batches) ids.push(...(await api(sim, 'POST', '/sessions/1/inbound', { messages: batch })).body.ids);
    await waitFor(async () => counts.size === all.length && (await pending(sim)) === 0, 'all messages recorded and acknowledged', 30_000);
    const seconds = (performance.now() - started) / 1000;
    console.log(`[simulator] ${all.length} inbound messages from ${numbers.length} numbers in ${seconds.toFixed(3)} s: ${Math.round(all.length / seconds)} messages/s`);

    expect(new Set(ids).size).toBe(all.length);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
    for (const from of numbers) expect(order.get(from)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
