import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider, createSimulatorProvider, parseBrCode, signBody, simulatorRouter, type ChargeRequest, type SimulatorProvider } from '../index.js';

const SECRET = 'test-secret-of-the-simulator';

/** Our webhook, as a test sees it: every delivery's headers and raw body, answered 200. */
interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

let receiver: http.Server;
let webhookUrl: string;
const deliveries: Delivery[] = [];
let app: http.Server;
let appUrl: string;
let dir: string;

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function charge(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    txid: `atendo${Math.random().toString(36).slice(2, 12)}inv000000000001`.slice(0, 32).padEnd(26, '0'),
    invoiceId: 7,
    companyId: 3,
    value: '30.00',
    description: 'Plano Pro – 2026-12-05',
    expiresIn: 3600,
    ...overrides,
  };
}

let provider: SimulatorProvider;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pix-simulator-'));
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":1}');
    });
  });
  webhookUrl = `${await listen(receiver)}/billing/webhook/simulator`;
  const server = express();
  // The router is told its public address once the app listens; the provider is made after.
  app = http.createServer(server);
  appUrl = await listen(app);
  provider = createSimulatorProvider({ secret: SECRET, webhookUrl, merchant: { name: 'Atendo', city: 'Sao Paulo' }, publicUrl: `${appUrl}/pix-simulator`, dataFile: path.join(dir, 'pix.json') });
  server.use('/pix-simulator', simulatorRouter(provider));
});

afterEach(() => {
  deliveries.length = 0;
});

afterAll(async () => {
  await provider.flush();
  await new Promise((r) => receiver.close(r));
  await new Promise((r) => app.close(r));
  await rm(dir, { recursive: true, force: true });
});

async function pay(txid: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${appUrl}/pix-simulator/charges/${txid}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe('the simulator provider', () => {
  it("creates a charge of the spec's shape: a dynamic BR Code with a valid CRC pointing at the simulator, and its PNG", async () => {
    const request = charge();
    const created = await provider.createCharge(request);
    expect(created.txid).toBe(request.txid);
    expect(created.valor).toEqual({ original: '30.00' });
    const code = parseBrCode(created.qrcode.qrcode);
    expect(code).toMatchObject({ pointOfInitiation: '12', amount: '30.00', txid: '***', merchantName: 'Atendo', merchantCity: 'Sao Paulo' });
    expect(code.location).toMatch(new RegExp(`^127\\.0\\.0\\.1:\\d+/pix-simulator/v2/[0-9a-f]{32}$`));
    expect(created.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(created.qrcode.imagemQrcode.split(',')[1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    // The location answers the charge, as a payer's bank would fetch it.
    const atLocation = await fetch(`http://${code.location}`).then((r) => r.json());
    expect(atLocation).toMatchObject({ txid: request.txid, status: 'ATIVA', valor: { original: '30.00' } });

    // A retry with the same txid finds the same charge.
    const again = await provider.createCharge(request);
    expect(again.qrcode.qrcode).toBe(created.qrcode.qrcode);
    expect(await provider.fetchCharge(request.txid)).toEqual({ txid: request.txid, status: 'ATIVA', valor: { original: '30.00' }, pix: [] });
  });

  it('verifies a genuine signature, and refuses a tampered body, a wrong secret and an absent signature', async () => {
    const body = Buffer.from(JSON.stringify({ pix: [{ endToEndId: 'E00000000202611291300abcdefghijk', txid: 'x'.repeat(26), valor: '30.00', horario: '2026-11-29T13:00:00.000Z' }] }));
    const headers = { 'x-pix-signature': signBody(SECRET, body) };
    expect(await provider.verifyWebhook({ headers, rawBody: body, clientCertificateFingerprint: null })).toEqual([
      { endToEndId: 'E00000000202611291300abcdefghijk', txid: 'x'.repeat(26), valor: '30.00', horario: '2026-11-29T13:00:00.000Z' },
    ]);
    const tampered = Buffer.from(body.toString().replace('30.00', '3.00'));
    expect(await provider.verifyWebhook({ headers, rawBody: tampered, clientCertificateFingerprint: null })).toBeNull();
    expect(await provider.verifyWebhook({ headers: { 'x-pix-signature': signBody('another secret', body) }, rawBody: body, clientCertificateFingerprint: null })).toBeNull();
    expect(await provider.verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: null })).toBeNull();
    expect(await provider.verifyWebhook({ headers: { 'x-pix-signature': 'sha256=zz' }, rawBody: body, clientCertificateFingerprint: null })).toBeNull();
  });

  it('pays: POST /charges/:txid/pay delivers N signed copies of one notification to the webhook, in order', async () => {
    const request = charge();
    await provider.createCharge(request);
    const answer = await pay(request.txid, { times: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body.delivered.map((d: { status: number }) => d.status)).toEqual([200, 200, 200]);
    expect(deliveries).toHaveLength(3);
    const read = await Promise.all(deliveries.map((d) => provider.verifyWebhook({ headers: d.headers, rawBody: d.rawBody, clientCertificateFingerprint: null })));
    for (const notifications of read) expect(notifications).toEqual([expect.objectContaining({ txid: request.txid, valor: '30.00' })]);
    expect(new Set(read.map((n) => n![0]!.endToEndId)).size).toBe(1);
    expect(read[0]![0]!.endToEndId).toMatch(/^E\d{20}[A-Za-z0-9]{11}$/);
    // The provider knows it paid, as Efí's GET /v2/cob/:txid would say.
    expect(await provider.fetchCharge(request.txid)).toMatchObject({ status: 'CONCLUIDA', pix: [expect.objectContaining({ valor: '30.00' })] });
  });

  it('shuffled: several distinct payments, delivered out of their order', async () => {
    const request = charge();
    await provider.createCharge(request);
    const answer = await pay(request.txid, { times: 4, order: 'shuffled' });
    expect(answer.body.delivered).toHaveLength(4);
    const sent = deliveries.map((d) => JSON.parse(d.rawBody.toString()).pix[0] as { endToEndId: string; horario: string });
    expect(new Set(sent.map((n) => n.endToEndId)).size).toBe(4);
    const times = sent.map((n) => n.horario);
    expect(times).not.toEqual([...times].sort());
    expect((await provider.fetchCharge(request.txid)).pix).toHaveLength(4);
  });

  it('a wrong amount is paid and delivered as such; the charge stays open', async () => {
    const request = charge();
    await provider.createCharge(request);
    await pay(request.txid, { amount: '15.00' });
    expect(JSON.parse(deliveries[0]!.rawBody.toString()).pix[0].valor).toBe('15.00');
    expect((await provider.fetchCharge(request.txid)).status).toBe('ATIVA');
  });

  it('refuses a bad pay body (400) and an unknown charge (404); an unreachable webhook is status 0', async () => {
    const request = charge();
    await provider.createCharge(request);
    for (const body of [{ times: 0 }, { times: 11 }, { times: 1.5 }, { times: '2' }, { amount: '30' }, { order: 'backwards' }, [1]]) {
      expect((await pay(request.txid, body)).status).toBe(400);
    }
    expect((await pay('nosuchchargenosuchcharge00', {})).status).toBe(404);
    await expect(provider.fetchCharge('nosuchchargenosuchcharge00')).rejects.toMatchObject({ code: 'ERR_PAYMENT_PROVIDER', status: 502 });
    expect(deliveries).toHaveLength(0);

    const offline = createSimulatorProvider({ secret: SECRET, webhookUrl: 'http://127.0.0.1:9/billing/webhook/simulator', merchant: { name: 'A', city: 'B' } });
    await offline.createCharge(request);
    expect(await offline.pay(request.txid)).toEqual({ delivered: [{ status: 0, endToEndId: expect.any(String) }] });
  });

  it('lists its charges as JSON and serves its page with the pay buttons', async () => {
    const request = charge({ description: 'Plano <b>Pro</b>' });
    await provider.createCharge(request);
    const list = (await fetch(`${appUrl}/pix-simulator/charges`).then((r) => r.json())) as Array<{ txid: string; description: string }>;
    expect(list.find((c) => c.txid === request.txid)?.description).toBe('Plano <b>Pro</b>');
    const page = await fetch(`${appUrl}/pix-simulator/`).then((r) => r.text());
    expect(page).toContain('<script src="/pix-simulator/page.js"></script>');
    const script = await fetch(`${appUrl}/pix-simulator/page.js`).then((r) => r.text());
    for (const label of ['Pay', 'Pay twice', 'Pay a wrong amount']) expect(script).toContain(`button('${label}'`);
  });

  it('keeps its charges across a restart when given a data file', async () => {
    const request = charge();
    const created = await provider.createCharge(request);
    await provider.flush();
    const restarted = createSimulatorProvider({ secret: SECRET, webhookUrl, merchant: { name: 'Atendo', city: 'Sao Paulo' }, dataFile: path.join(dir, 'pix.json') });
    expect(restarted.charge(request.txid)?.brCode).toBe(created.qrcode.qrcode);
  });
});

describe('createPaymentProvider', () => {
  const efi = { sandbox: true, credentials: async () => ({ clientId: 'id', clientSecret: 's', certificatePem: '', keyPem: '', pixKey: 'k' }) };

  it('is the simulator outside production, Efí whenever Efí is configured, and refuses production without Efí', () => {
    expect(createPaymentProvider({ production: false, secret: SECRET, webhookUrl }).name).toBe('simulator');
    expect(createPaymentProvider({ production: false, secret: SECRET, webhookUrl, efi }).name).toBe('efi');
    expect(createPaymentProvider({ production: true, secret: SECRET, webhookUrl, efi }).name).toBe('efi');
    expect(() => createPaymentProvider({ production: true, secret: SECRET, webhookUrl })).toThrow(/production/);
  });

  it("the simulator's router serves nothing for another provider (production): its paths fall through to 404", async () => {
    const server = express();
    server.use('/pix-simulator', simulatorRouter(createPaymentProvider({ production: true, secret: SECRET, webhookUrl, efi })));
    const listening = http.createServer(server);
    const url = await listen(listening);
    try {
      expect((await fetch(`${url}/pix-simulator/`)).status).toBe(404);
      expect((await fetch(`${url}/pix-simulator/charges`)).status).toBe(404);
      expect((await fetch(`${url}/pix-simulator/charges/abc/pay`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((r) => listening.close(r));
    }
  });
});
