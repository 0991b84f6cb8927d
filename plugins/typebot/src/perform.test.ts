import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowExecutionEvent, FlowVersion } from '@atendo/contracts';
import { createRegistry, defineBlock, effectContextForTest, flowExecution, follow, performEffect, yup, type FlowCommand, type FlowPlugin } from '@atendo/flow-engine';
import typebot, { performTypebotChat, TYPEBOT_CHAT_EFFECT, type TypebotChatInput } from './index.js';

/**
 * A server on 127.0.0.1 speaking Typebot's chat API for one bot, `pizza`: it greets and asks for a flavour (a buttons
 * input), then thanks and ends. It keeps the requests it was sent.
 */
const requests: Array<{ path: string; body: any }> = [];
const sessions = new Map<string, number>();
const bubble = (id: string, text: string) => ({ id, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } });

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const path = req.url ?? '';
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
  requests.push({ path, body });
  const json = (status: number, answer: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  };
  if (req.method === 'POST' && path === '/api/v1/typebots/pizza/startChat') {
    const sessionId = `sess-${sessions.size + 1}`;
    sessions.set(sessionId, 1);
    return json(200, {
      sessionId,
      resultId: 'r1',
      typebot: { id: 'tb1', version: '6', theme: {}, settings: {} },
      messages: [bubble('b1', `Olá ${body?.prefilledVariables?.nome ?? ''}!`.replace(' !', '!')), bubble('b2', 'Qual sabor?')],
      input: { id: 'i1', type: 'choice input', items: [{ id: 'c1', content: 'Calabresa' }, { id: 'c2', content: 'Mussarela' }] },
      clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 2 }, lastBubbleBlockId: 'b1' }],
    });
  }
  const continued = /^\/api\/v1\/sessions\/([\w-]+)\/continueChat$/.exec(path);
  if (req.method === 'POST' && continued) {
    if (!sessions.has(continued[1]!)) return json(404, { message: 'Session not found.', code: 'NOT_FOUND' });
    sessions.delete(continued[1]!);
    return json(200, { messages: [bubble('b3', `Uma ${body.message} saindo!`)] });
  }
  if (path.startsWith('/api/v1/typebots/slow/')) return; // never answers
  if (path.startsWith('/api/v1/typebots/html/')) {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end('<html>maintenance</html>');
  }
  if (path.startsWith('/api/v1/typebots/huge/')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(`{"messages":[],"sessionId":"${'x'.repeat(1024 * 1024 + 10)}"}`);
  }
  return json(404, { message: 'Typebot not found' });
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

const { context } = effectContextForTest();
const startInput = (publicId = 'pizza'): TypebotChatInput => ({ action: 'start', baseUrl, publicId, prefilledVariables: { nome: 'Ana' } });

describe('typebot.chat performed against a server speaking Typebot’s chat API', () => {
  it('is the plugin’s performer for typebot.chat', () => {
    expect(typebot.effects?.[TYPEBOT_CHAT_EFFECT]).toBe(performTypebotChat);
  });
  it('starts a chat with the prefilled variables and continues it with the contact’s text', async () => {
    requests.length = 0;
    const first = await performTypebotChat(startInput(), context);
    expect(first).toEqual({
      sessionId: expect.stringMatching(/^sess-/),
      expectsReply: true,
      messages: [
        { kind: 'text', body: 'Olá Ana!' },
        { kind: 'text', body: 'Qual sabor?', delayMs: 2000 },
        { kind: 'text', body: '▶️ Calabresa\n▶️ Mussarela' },
      ],
    });
    const second = await performTypebotChat({ action: 'continue', baseUrl, sessionId: first.sessionId, message: 'Calabresa' }, context);
    expect(second).toEqual({ sessionId: first.sessionId, expectsReply: false, messages: [{ kind: 'text', body: 'Uma Calabresa saindo!' }] });
    expect(requests).toEqual([
      { path: '/api/v1/typebots/pizza/startChat', body: { prefilledVariables: { nome: 'Ana' } } },
      { path: `/api/v1/sessions/${first.sessionId}/continueChat`, body: { message: 'Calabresa' } },
    ]);
  });
  // Inputs are built when each case runs: the server's address is known only then.
  it.each([
    ['an unknown bot', () => startInput('nobody'), 'typebot: HTTP 404'],
    ['a session the server forgot', () => ({ action: 'continue', baseUrl, sessionId: 'gone', message: 'oi' }), 'typebot: HTTP 404'],
    ['an answer that is not JSON', () => startInput('html'), 'typebot: not a chat answer'],
    ['an answer over 1 MiB', () => startInput('huge'), 'typebot: answer too large'],
    ['nothing listening', () => ({ ...startInput(), baseUrl: 'http://127.0.0.1:9' }), 'typebot: network'],
    ['an input the block would never send', () => ({ action: 'start', baseUrl: 'file:///etc' }), 'invalid input: not a typebot.chat input'],
  ])('fails on %s', async (_, input, error) => {
    expect(await performEffect(performTypebotChat, TYPEBOT_CHAT_EFFECT, input(), context)).toEqual({ ok: false, error });
  });
  it('fails at the runtime’s deadline when the server does not answer', async () => {
    const late = effectContextForTest({ signal: AbortSignal.timeout(300) }).context;
    expect(await performEffect(performTypebotChat, TYPEBOT_CHAT_EFFECT, startInput('slow'), late)).toEqual({ ok: false, error: expect.stringMatching(/^timeout/) });
  });
});

describe('a flow through the typebot block, decided by the engine, against the server', () => {
  // A start block of the test's own: this package depends on the engine only.
  const start = defineBlock({
    type: 'start', label: 'start', icon: 'play', input: false, outputs: [{ name: 'default', label: 'next' }], waits: false, defaults: {}, fields: [], schema: yup.object({}),
    run: () => ({ next: follow('default') }),
  });
  const registry = createRegistry([start, typebot] as FlowPlugin[]);
  const engine = flowExecution({ registry });
  const flow = (): FlowVersion => ({
    flowId: 3,
    version: 1,
    graph: {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'bot', type: 'typebot', position: { x: 0, y: 100 }, data: { typebotIntegration: { name: 'Pizza', url: baseUrl, typebotSlug: 'pizza' } } },
      ],
      connections: [{ source: '1', sourceHandle: 'default', target: 'bot' }],
    },
  });
  /** Decides `command`, then carries out each effect asked for as the runtime will, until the flow waits for the contact or ends. */
  async function decideAll(command: FlowCommand, events: FlowExecutionEvent[]): Promise<FlowExecutionEvent[]> {
    let all = [...events];
    let next: FlowCommand | null = command;
    while (next) {
      const state = all.reduce(engine.evolve, engine.initialState());
      const decided = engine.decide(next, state);
      all = [...all, ...decided];
      const asked = decided.find((e): e is Extract<FlowExecutionEvent, { type: 'EffectRequested' }> => e.type === 'EffectRequested');
      next = asked
        ? { type: 'EffectCompleted', flow: flow(), waitId: asked.data.waitId, result: await performEffect(registry.performer(asked.data.name), asked.data.name, asked.data.input, context), at: '2026-11-27T12:00:01.000Z' }
        : null;
    }
    return all;
  }
  const sent = (events: FlowExecutionEvent[]) => events.flatMap((e) => (e.type === 'MessagesRequested' ? e.data.messages.map((m) => (m.kind === 'text' ? m.body : m.url)) : []));

  it('greets, takes the answer, and goes on when the bot is done', async () => {
    const started = await decideAll({ type: 'StartFlow', executionId: 'e1', flow: flow(), ticketId: 1, contactId: 1, variables: { nome: 'Ana' }, at: '2026-11-27T12:00:00.000Z' }, []);
    expect(sent(started)).toEqual(['Olá Ana!', 'Qual sabor?', '▶️ Calabresa\n▶️ Mussarela']);
    expect(started.at(-1)).toMatchObject({ type: 'ReplyAwaited', data: { nodeId: 'bot' } });
    const done = await decideAll({ type: 'ReceiveReply', flow: flow(), message: { id: 'w1', body: 'Mussarela' }, at: '2026-11-27T12:00:30.000Z' }, started);
    expect(sent(done.slice(started.length))).toEqual(['Uma Mussarela saindo!']);
    expect(done.at(-1)).toEqual({ type: 'FlowFinished', data: { reason: 'end', nodeId: 'bot' } });
  });
});
