import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { AppError } from '@atendo/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDelivery } from '../delivery.js';
import { createEfiProvider, type EfiCredentials, type EfiOptions } from './efiProvider.js';

/** A CA, the API's server certificate and the account's client certificate, made with the openssl CLI; and a rogue CA's server certificate. */
interface Pki {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  rogueServerCert: string;
  rogueServerKey: string;
  rogueClientCert: string;
  rogueClientKey: string;
}

function makePki(dir: string): Pki {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = (name: string) => ssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-out', `${name}.key`);
  const ca = (name: string) => {
    key(name);
    ssl('req', '-x509', '-new', '-key', `${name}.key`, '-out', `${name}.crt`, '-days', '2', '-subj', `/CN=${name}`);
  };
  const leaf = (name: string, by: string, ext: string) => {
    key(name);
    ssl('req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    writeFileSync(path.join(dir, `${name}.ext`), ext);
    ssl('x509', '-req', '-in', `${name}.csr`, '-CA', `${by}.crt`, '-CAkey', `${by}.key`, '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`);
  };
  ca('test-ca');
  ca('rogue-ca');
  const server = 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n';
  const client = 'extendedKeyUsage=clientAuth\n';
  leaf('api-server', 'test-ca', server);
  leaf('atendo-account', 'test-ca', client);
  leaf('rogue-server', 'rogue-ca', server);
  leaf('rogue-account', 'rogue-ca', client);
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return {
    ca: read('test-ca.crt'),
    serverCert: read('api-server.crt'),
    serverKey: read('api-server.key'),
    clientCert: read('atendo-account.crt'),
    clientKey: read('atendo-account.key'),
    rogueServerCert: read('rogue-server.crt'),
    rogueServerKey: read('rogue-server.key'),
    rogueClientCert: read('rogue-account.crt'),
    rogueClientKey: read('rogue-account.key'),
  };
}

/** One request the fake API received: what the adapter sent, and whose client certificate came with it. */
interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  clientCn: string | undefined;
}

interface FakeCob {
  txid: string;
  status: string;
  valor: { original: string };
  locId: number;
  chave: string;
  solicitacaoPagador?: string;
  pix?: Array<{ endToEndId: string; txid: string; valor: string; horario: string; chave: string }>;
}

/**
 * Efí's Pix API as its documentation describes it, over HTTPS that demands a client certificate signed by the test
 * CA: POST /oauth/token (Basic), PUT/GET/PATCH /v2/cob/:txid, GET /v2/loc/:id/qrcode (Bearer).
 */
class FakeEfi {
  readonly seen: Seen[] = [];
  readonly cobs = new Map<string, FakeCob>();
  readonly tokens = new Set<string>();
  /** Paths answered never (a hung API), or with a status of our choosing. */
  hang = new Set<string>();
  fail = new Map<string, number>();
  private issued = 0;
  private server?: https.Server;
  url = '';

  constructor(
    private readonly tls: { key: string; cert: string; ca: string },
    private readonly client = { id: 'Client_Id_abc', secret: 'Client_Secret_xyz' },
  ) {}

  async start(): Promise<void> {
    this.server = https.createServer({ ...this.tls, requestCert: true, rejectUnauthorized: true }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString()));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  revokeTokens(): void {
    this.tokens.clear();
  }

  private answer(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, text: string): void {
    const body = text ? (JSON.parse(text) as Record<string, any>) : undefined;
    const url = req.url ?? '';
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    this.seen.push({ method: req.method ?? '', path: url, authorization: req.headers.authorization, body, clientCn: peer?.subject?.CN as string | undefined });
    const send = (status: number, json: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    if (this.hang.has(url)) return;
    const failing = this.fail.get(url);
    if (failing) return send(failing, { nome: 'erro_aplicacao', mensagem: 'Ocorreu um erro no servidor' });

    if (req.method === 'POST' && url === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${this.client.id}:${this.client.secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || body?.grant_type !== 'client_credentials') return send(401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
      const token = `token-${++this.issued}`;
      this.tokens.add(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.read cob.write pix.read' });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!this.tokens.has(bearer)) return send(401, { nome: 'nao_autorizado', mensagem: 'Requisição não autorizada' });

    const cob = /^\/v2\/cob\/([A-Za-z0-9]{26,35})$/.exec(url);
    if (cob && req.method === 'PUT') {
      const txid = cob[1]!;
      if (this.cobs.has(txid)) return send(400, { nome: 'txid_duplicado', mensagem: 'Campo txid informado já foi utilizado em outra cobrança' });
      const created: FakeCob = { txid, status: 'ATIVA', valor: body!.valor, locId: this.cobs.size + 100, chave: body!.chave, solicitacaoPagador: body!.solicitacaoPagador };
      this.cobs.set(txid, created);
      return send(201, this.cobBody(created));
    }
    if (cob && req.method === 'GET') {
      const found = this.cobs.get(cob[1]!);
      return found ? send(200, this.cobBody(found)) : send(404, { nome: 'cobranca_nao_encontrada', mensagem: 'Nenhuma cobrança encontrada para o txid informado' });
    }
    if (cob && req.method === 'PATCH') {
      const found = this.cobs.get(cob[1]!)!;
      found.valor = body!.valor;
      return send(200, this.cobBody(found));
    }
    const loc = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(url);
    if (loc && req.method === 'GET') {
      const found = [...this.cobs.values()].find((c) => c.locId === Number(loc[1]));
      if (!found) return send(404, { nome: 'location_nao_encontrada', mensagem: 'Nenhuma location encontrada para o identificador informado' });
      return send(200, { qrcode: `copia-e-cola-of-${found.txid}`, imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=', linkVisualizacao: `https://pix.example/v2/${found.locId}` });
    }
    send(404, { nome: 'rota_nao_encontrada' });
  }

  private cobBody(c: FakeCob) {
    return {
      calendario: { criacao: '2026-11-29T13:00:00.000Z', expiracao: 3600 },
      txid: c.txid,
      revisao: 0,
      loc: { id: c.locId, location: `pix.example.com/qr/v2/${c.locId}`, tipoCob: 'cob' },
      location: `pix.example.com/qr/v2/${c.locId}`,
      status: c.status,
      valor: c.valor,
      chave: c.chave,
      solicitacaoPagador: c.solicitacaoPagador,
      pixCopiaECola: `copia-e-cola-of-${c.txid}`,
      ...(c.pix ? { pix: c.pix } : {}),
    };
  }
}

let dir: string;
let pki: Pki;
let efi: FakeEfi;

const TXID = 'atendoinv7c3a9f0e1d2b4c5a6e7f8';

function credentials(overrides: Partial<EfiCredentials> = {}): EfiCredentials {
  return { clientId: 'Client_Id_abc', clientSecret: 'Client_Secret_xyz', certificatePem: pki.clientCert, keyPem: pki.clientKey, pixKey: 'cobrancas@atendo.example', ...overrides };
}

function adapter(overrides: Partial<EfiOptions> = {}) {
  return createEfiProvider({ sandbox: true, baseUrl: efi.url, ca: pki.ca, credentials: async () => credentials(), timeoutMs: 2000, ...overrides });
}

const request = (txid = TXID, value = '30.00') => ({
  txid,
  invoiceId: 7,
  companyId: 3,
  value,
  description: 'Plano Pro – 2026-12-05',
  payer: { name: 'Empresa Um', document: '123.456.789-09' },
  expiresIn: 3600,
});

async function providerError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'ERR_PAYMENT_PROVIDER', status: 502 });
  return error as AppError;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'efi-pki-'));
  pki = makePki(dir);
  efi = new FakeEfi({ key: pki.serverKey, cert: pki.serverCert, ca: pki.ca });
  await efi.start();
});

afterAll(async () => {
  await efi.stop();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  efi.seen.length = 0;
  efi.cobs.clear();
  efi.hang.clear();
  efi.fail.clear();
  efi.revokeTokens();
});

describe('the Efí adapter against an mTLS server speaking Efí’s documented API', () => {
  it('authenticates with Basic client credentials, creates the charge with the documented body and maps the answers, its certificate on every call', async () => {
    const charge = await adapter().createCharge(request());

    expect(efi.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /oauth/token', `PUT /v2/cob/${TXID}`, 'GET /v2/loc/100/qrcode']);
    expect(efi.seen.every((s) => s.clientCn === 'atendo-account')).toBe(true);
    expect(efi.seen[0]!.authorization).toBe(`Basic ${Buffer.from('Client_Id_abc:Client_Secret_xyz').toString('base64')}`);
    expect(efi.seen[0]!.body).toEqual({ grant_type: 'client_credentials' });
    expect(efi.seen[1]!.authorization).toMatch(/^Bearer token-\d+$/);
    expect(efi.seen[1]!.body).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Empresa Um' },
      valor: { original: '30.00' },
      chave: 'cobrancas@atendo.example',
      solicitacaoPagador: 'Plano Pro – 2026-12-05',
    });
    expect(charge).toEqual({ txid: TXID, qrcode: { qrcode: `copia-e-cola-of-${TXID}`, imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=' }, valor: { original: '30.00' } });
  });

  it('keeps the token until it expires, then asks for a new one', async () => {
    let clock = Date.parse('2026-11-29T13:00:00Z');
    const provider = adapter({ now: () => clock });
    await provider.createCharge(request());
    await provider.fetchCharge(TXID);
    expect(efi.seen.filter((s) => s.path === '/oauth/token')).toHaveLength(1);
    const first = efi.seen.at(-1)!.authorization;
    clock += 3600 * 1000;
    await provider.fetchCharge(TXID);
    expect(efi.seen.filter((s) => s.path === '/oauth/token')).toHaveLength(2);
    expect(efi.seen.at(-1)!.authorization).toMatch(/^Bearer token-\d+$/);
    expect(efi.seen.at(-1)!.authorization).not.toBe(first);
  });

  it('a 401 (a token revoked early) gets a new token once and the call succeeds', async () => {
    const provider = adapter();
    await provider.createCharge(request());
    efi.revokeTokens();
    expect(await provider.fetchCharge(TXID)).toMatchObject({ txid: TXID, status: 'ATIVA' });
    expect(efi.seen.map((s) => `${s.method} ${s.path}`).slice(-3)).toEqual([`GET /v2/cob/${TXID}`, 'POST /oauth/token', `GET /v2/cob/${TXID}`]);
  });

  it('maps GET /v2/cob/:txid of a paid charge: status and the Pix received', async () => {
    const provider = adapter();
    await provider.createCharge(request());
    efi.cobs.get(TXID)!.status = 'CONCLUIDA';
    efi.cobs.get(TXID)!.pix = [{ endToEndId: 'E18236120202611291300s0123456789', txid: TXID, valor: '30.00', horario: '2026-11-29T13:00:05.000Z', chave: 'k' }];
    expect(await provider.fetchCharge(TXID)).toEqual({
      txid: TXID,
      status: 'CONCLUIDA',
      valor: { original: '30.00' },
      pix: [{ endToEndId: 'E18236120202611291300s0123456789', valor: '30.00', horario: '2026-11-29T13:00:05.000Z' }],
    });
  });

  it('a retry with the same txid takes the charge already there, revising its value when it changed', async () => {
    const provider = adapter();
    await provider.createCharge(request());
    const again = await provider.createCharge(request(TXID, '45.00'));
    expect(again.valor).toEqual({ original: '45.00' });
    expect(efi.seen.map((s) => `${s.method} ${s.path}`).slice(-4)).toEqual([`PUT /v2/cob/${TXID}`, `GET /v2/cob/${TXID}`, `PATCH /v2/cob/${TXID}`, 'GET /v2/loc/100/qrcode']);
    expect(efi.seen.at(-2)!.body).toMatchObject({ valor: { original: '45.00' } });
  });

  it('refuses an API whose server certificate another CA signed, sending it nothing', async () => {
    const rogue = new FakeEfi({ key: pki.rogueServerKey, cert: pki.rogueServerCert, ca: pki.ca });
    await rogue.start();
    try {
      await providerError(adapter({ baseUrl: rogue.url }).createCharge(request()));
      expect(rogue.seen).toHaveLength(0);
    } finally {
      await rogue.stop();
    }
  });

  it('a client certificate from another CA fails the handshake: a provider error, nothing sent', async () => {
    const provider = adapter({ credentials: async () => credentials({ certificatePem: pki.rogueClientCert, keyPem: pki.rogueClientKey }) });
    await providerError(provider.createCharge(request()));
    expect(efi.seen).toHaveLength(0);
  });

  it('wrong client credentials, a failing API and a hung one are ERR_PAYMENT_PROVIDER (502) saying what Efí said, without secrets', async () => {
    const wrong = await providerError(adapter({ credentials: async () => credentials({ clientSecret: 'nope' }) }).createCharge(request()));
    expect(wrong.message).toMatch(/authentication failed: HTTP 401/);
    expect(wrong.message).not.toContain('nope');

    efi.fail.set(`/v2/cob/${TXID}`, 500);
    expect((await providerError(adapter().createCharge(request()))).message).toMatch(/charge failed: HTTP 500 — erro_aplicacao/);

    efi.fail.clear();
    efi.hang.add(`/v2/cob/${TXID}`);
    const started = Date.now();
    expect((await providerError(adapter({ timeoutMs: 300 }).fetchCharge(TXID))).message).toMatch(/no answer in 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("the Efí adapter's webhook check", () => {
  const body = Buffer.from(JSON.stringify({ pix: [{ endToEndId: 'E18236120202611291300s0123456789', txid: TXID, chave: 'k', valor: '30.00', horario: '2026-11-29T13:00:05.000Z', infoPagador: 'x' }] }));
  const notification = { endToEndId: 'E18236120202611291300s0123456789', txid: TXID, valor: '30.00', horario: '2026-11-29T13:00:05.000Z' };

  it('takes a delivery whose client certificate the TLS layer verified (narrowed to trusted fingerprints when given)', async () => {
    expect(await adapter().verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: 'AB:CD' })).toEqual([notification]);
    const narrowed = adapter({ webhook: { trustedFingerprints: ['ab:cd'] } });
    expect(await narrowed.verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: 'AB:CD' })).toEqual([notification]);
    expect(await narrowed.verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: 'EF:01' })).toBeNull();
  });

  it('with mTLS skipped, takes only the registered hmac query parameter; nothing else', async () => {
    const provider = adapter({ webhook: { hmac: 'registered-secret' } });
    expect(await provider.verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: null, query: { hmac: 'registered-secret', ignorar: '' } })).toEqual([notification]);
    expect(await provider.verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: null, query: { hmac: 'guessed' } })).toBeNull();
    expect(await provider.verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: null })).toBeNull();
    expect(await adapter().verifyWebhook({ headers: {}, rawBody: body, clientCertificateFingerprint: null, query: { hmac: '' } })).toBeNull();
  });

  it("Efí's test delivery at registration (no pix) is genuine with no notifications", async () => {
    expect(await adapter().verifyWebhook({ headers: {}, rawBody: Buffer.from('{"evento":"teste_webhook"}'), clientCertificateFingerprint: 'AB' })).toEqual([]);
  });
});

describe('a webhook receiver over mTLS (webhookDelivery)', () => {
  const body = JSON.stringify({ pix: [{ endToEndId: 'E18236120202611291300s0123456789', txid: TXID, valor: '30.00', horario: '2026-11-29T13:00:05.000Z' }] });

  /** Posts the body to a receiver that asks for a client certificate verified against the test CA (standing for Efí's chain). */
  async function deliver(client: { cert?: string; key?: string }, query = ''): Promise<unknown> {
    const provider = adapter({ webhook: { hmac: 'registered-secret' } });
    let verdict: unknown = 'not reached';
    const receiver = https.createServer({ key: pki.serverKey, cert: pki.serverCert, ca: pki.ca, requestCert: true, rejectUnauthorized: false }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void provider.verifyWebhook(webhookDelivery(req, Buffer.concat(chunks))).then((v) => {
          verdict = v;
          res.end('200');
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      await new Promise<void>((resolve, reject) => {
        const req = https.request(`https://127.0.0.1:${port}/billing/webhook/efi/pix${query}`, { method: 'POST', ca: pki.ca, agent: false, ...client }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
    return verdict;
  }

  it("takes a delivery whose client certificate the receiver's CA verified, and no other", async () => {
    expect(await deliver({ cert: pki.clientCert, key: pki.clientKey })).toEqual([expect.objectContaining({ txid: TXID, valor: '30.00' })]);
    expect(await deliver({ cert: pki.rogueClientCert, key: pki.rogueClientKey })).toBeNull();
    expect(await deliver({})).toBeNull();
  });

  it("without a certificate, the registered hmac in the query is Efí's alternative", async () => {
    expect(await deliver({}, '?hmac=registered-secret&ignorar=')).toEqual([expect.objectContaining({ txid: TXID })]);
    expect(await deliver({}, '?hmac=other')).toBeNull();
  });
});
