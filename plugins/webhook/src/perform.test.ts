import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowExecutionEvent, FlowVersion, WebhookPostInput } from '@atendo/contracts';
import { createRegistry, defineBlock, effectContextForTest, flowExecution, follow, performEffect, validateFlow, yup, type FlowCommand, type FlowPlugin } from '@atendo/flow-engine';
import webhook, { answerOf, performWebhookPost, verifyWebhookSignature } from './index.js';

/**
 * A receiver on 127.0.0.1 that checks each post's signature as README.md tells a receiver to, and answers by path:
 * `/echo` repeats the message, `/flaky` fails its first two posts of each delivery, `/down` always fails, and a few
 * answer oddly. It keeps what it was sent.
 */
const SECRET = 'hmac-key-of-at-least-16';
const received: Array<{ path: string; headers: IncomingMessage['headers']; body: any; signed: boolean }> = [];
const tries = new Map<string, number>();

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const signed = verifyWebhookSignature(SECRET, String(req.headers['x-atendo-timestamp']), raw, String(req.headers['x-atendo-signature']));
  const path = req.url ?? '';
  received.push({ path, headers: req.headers, body: JSON.parse(raw), signed });
  const answer = (status: number, body: string, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  if (!signed) return answer(401, '{"error":"bad signature"}');
  const body = JSON.parse(raw);
  const delivery = String(req.headers['x-atendo-delivery']);
  switch (path) {
    case '/echo':
      return answer(200, JSON.stringify({ replies: [{ text: `Recebi: ${body.message.body}` }], ignored: true }));
    case '/flaky': {
      const n = (tries.get(delivery) ?? 0) + 1;
      tries.set(delivery, n);
      return n <= 2 ? answer(503, `overloaded, secret was ${SECRET}`) : answer(200, JSON.stringify({ replies: 'Agora sim', transfer: { queueId: '3' } }));
    }
    case '/down':
      return answer(500, 'boom');
    case '/empty':
      return answer(204, '');
    case '/html':
      return answer(200, '<html>ok</html>', 'text/html');
    case '/slow':
      return; // never answers
    default:
      return answer(404, '');
  }
}

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const secrets = { 'secret:hmac': SECRET };
const { context } = effectContextForTest({ secrets });
const post = (path: string, overrides: Partial<WebhookPostInput> = {}): WebhookPostInput => ({
  url: `${baseUrl}${path}`,
  secret: 'secret:hmac',
  deliveryId: 'wamid-1',
  payload: {
    event: 'message',
    companyId: 0,
    ticketId: 0,
    contact: { name: 'Ana', number: '5511999990000' },
    message: { id: 'wamid-1', body: 'Oi', mediaType: 'chat', mediaUrl: null },
    variables: { name: 'Ana' },
  },
  ...overrides,
});

describe('webhook.post performed against a receiver', () => {
  it('is the plugin’s performer for webhook.post, which the runtime tries once: the block retries by itself', () => {
    const registry = createRegistry([webhook]);
    expect(registry.performer('webhook.post')).toBe(performWebhookPost);
    expect(registry.retryPolicy('webhook.post')).toMatchObject({ tries: 1 });
  });
  it('posts the message as JSON, signed, with the delivery id, the run’s company and ticket; reads the replies', async () => {
    received.length = 0;
    const before = Math.floor(Date.now() / 1000);
    expect(await performWebhookPost(post('/echo'), context)).toEqual({ replies: ['Recebi: Oi'], transfer: null, stop: false });
    const [got] = received;
    expect(got!.signed).toBe(true);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-atendo-delivery']).toBe('wamid-1');
    expect(Number(got!.headers['x-atendo-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(got!.headers['x-atendo-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got!.body).toEqual({ ...post('/echo').payload, companyId: 1, ticketId: 1 });
  });
  it('a post signed with another key is refused by the receiver', async () => {
    const other = effectContextForTest({ secrets: { 'secret:hmac': 'another-key-entirely' } }).context;
    expect(await performEffect(performWebhookPost, 'webhook.post', post('/echo'), other)).toEqual({ ok: false, error: 'webhook: HTTP 401' });
  });
  it('an empty answer asks for nothing', async () => {
    expect(await performWebhookPost(post('/empty'), context)).toEqual({ replies: [], transfer: null, stop: false });
  });
  // Inputs are built when each case runs: the server's address is known only then.
  it.each([
    ['a status other than 2xx, never its body', () => post('/down'), 'webhook: HTTP 500'],
    ['an unknown address', () => post('/nowhere'), 'webhook: HTTP 404'],
    ['an answer that is not JSON', () => post('/html'), 'webhook: the answer is not JSON'],
    ['nothing listening', () => ({ ...post('/echo'), url: 'http://127.0.0.1:9/hook' }), 'webhook: network'],
    ['an input the block would never send', () => ({ url: 'file:///etc/passwd', secret: 'secret:hmac' }), 'invalid input: not a webhook.post input'],
  ])('fails on %s', async (_, input, error) => {
    expect(await performEffect(performWebhookPost, 'webhook.post', input(), context)).toEqual({ ok: false, error });
  });
  it('fails at the runtime’s deadline when the receiver does not answer', async () => {
    const late = effectContextForTest({ secrets, signal: AbortSignal.timeout(300) }).context;
    expect(await performEffect(performWebhookPost, 'webhook.post', post('/slow'), late)).toEqual({ ok: false, error: expect.stringMatching(/^timeout/) });
  });
});

describe('a receiver’s answer, read leniently', () => {
  it.each([
    ['{}', { replies: [], transfer: null, stop: false }],
    ['{"replies":"Olá"}', { replies: ['Olá'], transfer: null, stop: false }],
    ['{"replies":["Olá"," ",{"text":"Tudo bem?"},{"x":1},3]}', { replies: ['Olá', 'Tudo bem?'], transfer: null, stop: false }],
    ['{"transfer":{"queueId":2,"userId":"5"}}', { replies: [], transfer: { queueId: 2, userId: 5 }, stop: false }],
    ['{"transfer":{"queueId":-1,"userId":"x"}}', { replies: [], transfer: { queueId: null, userId: null }, stop: false }],
    ['{"stop":true,"other":"ignored"}', { replies: [], transfer: null, stop: true }],
    ['{"stop":"yes"}', { replies: [], transfer: null, stop: false }],
    ['["not","an","object"]', { replies: [], transfer: null, stop: false }],
  ])('%s', (body, answer) => {
    expect(answerOf(body)).toEqual(answer);
  });
});

describe('verifyWebhookSignature', () => {
  it('accepts the signature of that timestamp and body only', () => {
    const body = '{"event":"message"}';
    const header = 'sha256=' + createHmac('sha256', 'k'.repeat(16)).update(`1700000000.${body}`).digest('hex');
    expect(verifyWebhookSignature('k'.repeat(16), '1700000000', body, header)).toBe(true);
    expect(verifyWebhookSignature('k'.repeat(16), '1700000001', body, header)).toBe(false);
    expect(verifyWebhookSignature('k'.repeat(16), '1700000000', `${body} `, header)).toBe(false);
    expect(verifyWebhookSignature('x'.repeat(16), '1700000000', body, header)).toBe(false);
    expect(verifyWebhookSignature('k'.repeat(16), '1700000000', body, 'sha256=00')).toBe(false);
  });
});

describe('an integration’s flow (start → webhook, its retry port back to itself), decided by the engine', () => {
  const start = defineBlock({
    type: 'start', label: 'start', icon: 'play', input: false, outputs: [{ name: 'default', label: 'next' }], waits: false, defaults: {}, fields: [], schema: yup.object({}),
    run: () => ({ next: follow('default') }),
  });
  const registry = createRegistry([start, webhook] as FlowPlugin[]);
  const engine = flowExecution({ registry });
  const flow = (path: string, connections: Array<{ source: string; sourceHandle: string; target: string }> = []): FlowVersion => ({
    flowId: 9,
    version: 1,
    graph: {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'hook', type: 'webhook', position: { x: 0, y: 100 }, data: { url: `${baseUrl}${path}`, secret: 'secret:hmac', retries: 3 } },
      ],
      connections: [{ source: '1', sourceHandle: 'default', target: 'hook' }, { source: 'hook', sourceHandle: 'retry', target: 'hook' }, ...connections],
    },
  });
  /**
   * Decides `command`, then plays the runtime: performs each effect asked for, and ends each pause at its due time,
   * until the flow waits for the contact or ends. `pauses` collects the pauses' lengths in seconds.
   */
  async function decideAll(version: FlowVersion, command: FlowCommand, events: FlowExecutionEvent[], pauses: number[] = []): Promise<FlowExecutionEvent[]> {
    let all = [...events];
    let next: FlowCommand | null = command;
    let at = 'at' in command ? command.at : '';
    while (next) {
      const decided = engine.decide(next, all.reduce(engine.evolve, engine.initialState()));
      all = [...all, ...decided];
      const last = decided.at(-1);
      if (last?.type === 'EffectRequested') {
        const result = await performEffect(registry.performer(last.data.name), last.data.name, last.data.input, context);
        next = { type: 'EffectCompleted', flow: version, waitId: last.data.waitId, result, at };
      } else if (last?.type === 'DelayStarted') {
        pauses.push((Date.parse(last.data.dueAt) - Date.parse(at)) / 1000);
        at = last.data.dueAt;
        next = { type: 'DelayElapsed', flow: version, waitId: last.data.waitId, at };
      } else next = null;
    }
    return all;
  }
  const startFlow = (version: FlowVersion) => decideAll(version, { type: 'StartFlow', executionId: 'e1', flow: version, ticketId: 7, contactId: 1, variables: { name: 'Ana' }, at: '2026-11-27T12:00:00.000Z' }, []);
  const reply = (version: FlowVersion, events: FlowExecutionEvent[], pauses?: number[]) =>
    decideAll(version, { type: 'ReceiveReply', flow: version, message: { id: 'wamid-9', body: 'Oi' }, at: '2026-11-27T12:01:00.000Z' }, events, pauses);
  const sent = (events: FlowExecutionEvent[]) => events.flatMap((e) => (e.type === 'MessagesRequested' ? e.data.messages.map((m) => (m.kind === 'text' ? m.body : m.url)) : []));

  it('is a flow the validator accepts', () => {
    expect(validateFlow(flow('/echo').graph, registry)).toEqual([]);
  });
  it('posts a failing delivery again after 5 s and 15 s, same delivery id, then sends the answer and hands over', async () => {
    received.length = 0;
    const version = flow('/flaky');
    const started = await startFlow(version);
    expect(started.at(-1)).toMatchObject({ type: 'ReplyAwaited', data: { nodeId: 'hook' } });
    const pauses: number[] = [];
    const done = await reply(version, started, pauses);
    expect(pauses).toEqual([5, 15]);
    expect(received.map((r) => [r.path, r.headers['x-atendo-delivery']])).toEqual([
      ['/flaky', 'wamid-9'],
      ['/flaky', 'wamid-9'],
      ['/flaky', 'wamid-9'],
    ]);
    expect(sent(done)).toEqual(['Agora sim']);
    expect(done.slice(-2)).toEqual([
      { type: 'TicketHandedOver', data: { nodeId: 'hook', queueId: 3, userId: null } },
      { type: 'FlowFinished', data: { reason: 'handedOver', nodeId: 'hook' } },
    ]);
  });
  it('after the last retry fails, leaves by error when it leads somewhere, else keeps listening', async () => {
    const withError = flow('/down', [{ source: 'hook', sourceHandle: 'error', target: 'sorry' }]);
    withError.graph.nodes.push({ id: 'sorry', type: 'start', position: { x: 0, y: 200 }, data: {} });
    // `start` takes no input, so the validator would refuse it; the engine enters whatever the port leads to.
    const pauses: number[] = [];
    received.length = 0;
    const failed = await reply(withError, await startFlow(withError), pauses);
    expect(pauses).toEqual([5, 15, 45]);
    expect(received).toHaveLength(4);
    expect(failed.filter((e) => e.type === 'BlockEntered').at(-1)).toEqual({ type: 'BlockEntered', data: { nodeId: 'sorry', blockType: 'start' } });

    const alone = flow('/down');
    const listening = await reply(alone, await startFlow(alone));
    expect(listening.at(-1)).toMatchObject({ type: 'ReplyAwaited', data: { nodeId: 'hook' } });
    const state = listening.reduce(engine.evolve, engine.initialState());
    expect(state.variables).toMatchObject({ 'webhook.attempt': '0', 'webhook.pending': '' });
  });
});
