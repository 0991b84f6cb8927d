import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectContextForTest } from '@atendo/flow-engine';
import { RESPONSE_BODY_LIMIT, perform, performHttpRequest, type HttpRequestInput } from './index.js';

/** A real HTTP server on 127.0.0.1 with the answers the tests need. */
async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  switch (new URL(req.url ?? '/', 'http://x').pathname) {
    case '/echo':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null, body }));
      return;
    case '/fail':
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('database down');
      return;
    case '/empty':
      res.writeHead(204);
      res.end();
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('a'.repeat(RESPONSE_BODY_LIMIT + 50_000));
      return;
    case '/accents':
      // 1 + 2 × 40,000 bytes: the limit falls in the middle of an "é".
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('a' + 'é'.repeat(40_000));
      return;
    case '/exact':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('b'.repeat(RESPONSE_BODY_LIMIT));
      return;
    case '/slow':
      // Answers after 5 s: far past the test's deadline.
      setTimeout(() => res.end('too late'), 5000).unref();
      return;
    case '/trickle':
      // The headers come at once, the body never ends.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      return;
    default:
      res.writeHead(404);
      res.end('no such page');
  }
}

let server: Server;
let base: string;
let closedPort: number;

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was just free: nothing listens there any more.
  const gone = createServer();
  await new Promise<void>((done) => gone.listen(0, '127.0.0.1', done));
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise((done) => gone.close(done));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const request = (path: string, overrides: Partial<HttpRequestInput> = {}): HttpRequestInput => ({
  method: 'GET', url: `${base}${path}`, headers: [], body: null, timeoutMs: 5000, ...overrides,
});

describe('perform: the HTTP call behind the block’s effect', () => {
  it('sends the method, headers and body it is given and answers the status and body', async () => {
    const result = await perform(
      request('/echo?q=1', {
        method: 'PUT',
        headers: [{ name: 'Authorization', value: 'Bearer t0k3n' }, { name: 'Content-Type', value: 'application/json' }],
        body: '{"a":1}',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.status).toBe(200);
    expect(result.value.truncated).toBe(false);
    expect(JSON.parse(result.value.body)).toEqual({ method: 'PUT', url: '/echo?q=1', auth: 'Bearer t0k3n', type: 'application/json', body: '{"a":1}' });
  });
  it('sends no body with GET', async () => {
    const result = await perform(request('/echo', { body: 'dropped' }));
    expect(result.ok && JSON.parse(result.value.body)).toMatchObject({ method: 'GET', body: '' });
  });
  it('answers a 500, a 404 and an empty 204 as answers (the block decides they are errors)', async () => {
    expect(await perform(request('/fail', { method: 'POST', body: 'x' }))).toEqual({ ok: true, value: { status: 500, body: 'database down', truncated: false } });
    expect(await perform(request('/nowhere'))).toEqual({ ok: true, value: { status: 404, body: 'no such page', truncated: false } });
    expect(await perform(request('/empty', { method: 'DELETE' }))).toEqual({ ok: true, value: { status: 204, body: '', truncated: false } });
  });
  it('cuts a body to 64 KiB, dropping a character the cut splits', async () => {
    const big = await perform(request('/big'));
    expect(big).toEqual({ ok: true, value: { status: 200, body: 'a'.repeat(RESPONSE_BODY_LIMIT), truncated: true } });
    const accents = await perform(request('/accents'));
    if (!accents.ok) throw new Error(accents.error);
    expect(accents.value.truncated).toBe(true);
    expect(accents.value.body).toBe('a' + 'é'.repeat(32_767));
    expect(Buffer.byteLength(accents.value.body)).toBe(RESPONSE_BODY_LIMIT - 1);
    const exact = await perform(request('/exact'));
    expect(exact).toEqual({ ok: true, value: { status: 200, body: 'b'.repeat(RESPONSE_BODY_LIMIT), truncated: false } });
  });
  it('gives up at the deadline when the server is slow to answer', async () => {
    const started = Date.now();
    const result = await perform(request('/slow', { timeoutMs: 300 }));
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^timeout/) });
    expect(Date.now() - started).toBeLessThan(3000);
  });
  it('gives up at the deadline when the body never ends', async () => {
    const result = await perform(request('/trickle', { timeoutMs: 300 }));
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^timeout/) });
  });
  it('answers a network failure when nothing listens', async () => {
    const result = await perform(request('/', { url: `http://127.0.0.1:${closedPort}/` }));
    expect(result).toEqual({ ok: false, error: 'network: ECONNREFUSED' });
  });
  it('refuses, without a call, a request the block would never ask for', async () => {
    expect(await perform(request('/', { url: 'file:///etc/passwd' }))).toEqual({ ok: false, error: expect.stringMatching(/^invalid request/) });
    expect(await perform(request('/echo', { method: 'TRACE' as never }))).toEqual({ ok: false, error: expect.stringMatching(/^invalid request/) });
  });
});

describe('performHttpRequest: perform as the plugin’s effect performer', () => {
  it('resolves with the answer, whatever its status', async () => {
    const { context } = effectContextForTest();
    expect(await performHttpRequest(request('/fail', { method: 'POST', body: 'x' }), context)).toEqual({ status: 500, body: 'database down', truncated: false });
  });
  it('throws when no answer comes, and gives up at the runtime’s deadline before its own', async () => {
    const { context } = effectContextForTest();
    await expect(performHttpRequest(request('/', { url: `http://127.0.0.1:${closedPort}/` }), context)).rejects.toThrow('network: ECONNREFUSED');
    const deadline = effectContextForTest({ signal: AbortSignal.timeout(200) }).context;
    const started = Date.now();
    await expect(performHttpRequest(request('/slow', { timeoutMs: 5000 }), deadline)).rejects.toThrow(/^timeout/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
