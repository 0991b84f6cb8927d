import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogflowDetectInput, FlowExecutionEvent, FlowVersion } from '@atendo/contracts';
import { createRegistry, defineBlock, effectContextForTest, flowExecution, follow, performEffect, yup, type FlowCommand, type FlowPlugin } from '@atendo/flow-engine';
import dialogflow, { performDialogflowDetect } from './index.js';

/**
 * A server on 127.0.0.1 speaking Google's two protocols as the performer uses them: the OAuth2 token endpoint (JWT
 * bearer grant: the assertion's signature checked with the test key pair's public key, its claims checked) and
 * Dialogflow ES's detectIntent (the bearer token it issued, the project and session in the path, the language). The
 * agent answers by the text it is asked. The server keeps what it was sent.
 */
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const EMAIL = 'bot@pizzaria-123.iam.gserviceaccount.com';

const issued = new Set<string>();
const seen: Array<{ path: string; auth?: string; body: any }> = [];
let tokenRequests = 0;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function token(res: ServerResponse, form: URLSearchParams) {
  tokenRequests += 1;
  const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
  const genuine = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && !!signature && createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature, 'base64url');
  if (!genuine) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  const h = JSON.parse(Buffer.from(header!, 'base64url').toString());
  const c = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  const fine = h.alg === 'RS256' && h.typ === 'JWT' && c.iss === EMAIL && c.scope === 'https://www.googleapis.com/auth/dialogflow' && c.aud === `${baseUrl}/token` && c.exp - c.iat === 3600;
  if (!fine) return json(res, 400, { error: 'invalid_grant', error_description: `bad claims ${JSON.stringify(c)}` });
  const accessToken = `ya29.local-${issued.size + 1}`;
  issued.add(accessToken);
  return json(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
}

function detect(res: ServerResponse, path: string, auth: string | undefined, body: any) {
  const route = /^\/v2\/projects\/([\w.:-]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
  if (!route) return json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
  if (!auth?.startsWith('Bearer ') || !issued.has(auth.slice(7))) return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
  if (route[1] !== 'pizzaria-123') return json(res, 403, { error: { code: 403, message: `Permission denied on ${route[1]} for ${EMAIL}`, status: 'PERMISSION_DENIED' } });
  const { text, languageCode } = body.queryInput.text;
  const result = (queryResult: Record<string, unknown>) => json(res, 200, { responseId: 'r1', queryResult: { queryText: text, languageCode, ...queryResult } });
  if (text === 'tchau') return result({ fulfillmentText: 'Até logo!', intent: { displayName: 'Despedida', endInteraction: true } });
  if (text === 'encerrar') return result({ fulfillmentText: '', intent: { displayName: 'Fim' }, diagnosticInfo: { end_conversation: true } });
  if (text === 'simples') return result({ fulfillmentText: 'Só o texto', intent: { displayName: 'Simples' } });
  return result({
    fulfillmentText: 'ignorado quando há mensagens',
    fulfillmentMessages: [{ text: { text: [`[${languageCode}] Olá!`] } }, { payload: { custom: true } }, { text: { text: ['Qual sabor?', ''] } }],
    intent: { displayName: 'Boas-vindas' },
  });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const path = req.url ?? '';
  if (req.method === 'POST' && path === '/token') {
    seen.push({ path, body: raw });
    return token(res, new URLSearchParams(raw));
  }
  if (path.includes('/sessions/slow')) return; // never answers
  const body = JSON.parse(raw);
  seen.push({ path, auth: req.headers.authorization, body });
  return detect(res, path, req.headers.authorization, body);
}

let server: Server;
let baseUrl: string;
const previousApiUrl = process.env.DIALOGFLOW_API_URL;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DIALOGFLOW_API_URL = baseUrl;
});
afterAll(async () => {
  if (previousApiUrl === undefined) delete process.env.DIALOGFLOW_API_URL;
  else process.env.DIALOGFLOW_API_URL = previousApiUrl;
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const keyJson = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'service_account', project_id: 'pizzaria-123', private_key_id: 'k1', private_key: PEM, client_email: EMAIL, token_uri: `${baseUrl}/token`, ...overrides });
const contextWith = (key: string, signal?: AbortSignal) => effectContextForTest({ secrets: { 'secret:sa': key }, signal }).context;
const ask = (text: string, overrides: Partial<DialogflowDetectInput> = {}): DialogflowDetectInput => ({ credentials: 'secret:sa', projectId: 'pizzaria-123', language: 'pt-BR', text, ...overrides });

describe('dialogflow.detectIntent performed against Google’s protocols', () => {
  it('is the plugin’s performer for dialogflow.detectIntent', () => {
    expect(dialogflow.effects?.['dialogflow.detectIntent']).toBe(performDialogflowDetect);
  });
  it('gets a token with a signed JWT, asks in the run’s session and language, answers the text messages in order', async () => {
    seen.length = 0;
    const value = await performDialogflowDetect(ask('oi'), contextWith(keyJson()));
    expect(value).toEqual({ intent: 'Boas-vindas', texts: ['[pt-BR] Olá!', 'Qual sabor?'], endInteraction: false });
    expect(seen.map((s) => s.path)).toEqual(['/token', '/v2/projects/pizzaria-123/agent/sessions/1-1:detectIntent']);
    expect(seen[1]!.auth).toMatch(/^Bearer ya29\.local-\d+$/);
    expect(seen[1]!.body).toEqual({ queryInput: { text: { text: 'oi', languageCode: 'pt-BR' } } });
  });
  it('reuses the token until shortly before it expires', async () => {
    const before = tokenRequests;
    await performDialogflowDetect(ask('oi', { language: 'es' }), contextWith(keyJson()));
    expect(await performDialogflowDetect(ask('oi', { language: 'en', sessionId: 'teste-1' }), contextWith(keyJson()))).toMatchObject({ texts: ['[en] Olá!', 'Qual sabor?'] });
    expect(tokenRequests).toBe(before);
    expect(seen.at(-1)!.path).toBe('/v2/projects/pizzaria-123/agent/sessions/teste-1:detectIntent');
  });
  it('answers the fulfilment text when there are no text messages, and says when the intent ends the interaction', async () => {
    const context = contextWith(keyJson());
    expect(await performDialogflowDetect(ask('simples'), context)).toEqual({ intent: 'Simples', texts: ['Só o texto'], endInteraction: false });
    expect(await performDialogflowDetect(ask('tchau'), context)).toEqual({ intent: 'Despedida', texts: ['Até logo!'], endInteraction: true });
    expect(await performDialogflowDetect(ask('encerrar'), context)).toEqual({ intent: 'Fim', texts: [], endInteraction: true });
  });
  it('another company naming the same service account with a key of its own gets no answer with the first one’s token', async () => {
    await performDialogflowDetect(ask('oi'), contextWith(keyJson()));
    const impostor = keyJson({ private_key: stranger.export({ type: 'pkcs8', format: 'pem' }) });
    const other = { ...contextWith(impostor), companyId: 2 };
    expect(await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi'), other)).toEqual({ ok: false, error: 'dialogflow: HTTP 400 invalid_grant' });
    // Nor within one company: the cached token is the key's, not the e-mail's.
    expect(await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi'), contextWith(impostor))).toEqual({ ok: false, error: 'dialogflow: HTTP 400 invalid_grant' });
    // The genuine key in another company asks for a token of its own.
    const before = tokenRequests;
    expect(await performDialogflowDetect(ask('simples'), { ...contextWith(keyJson()), companyId: 2 })).toMatchObject({ texts: ['Só o texto'] });
    expect(tokenRequests).toBe(before + 1);
  });
  it('a project the account may not use fails with the status and Google’s code, never its message', async () => {
    const result = await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi', { projectId: 'outro-projeto' }), contextWith(keyJson()));
    expect(result).toEqual({ ok: false, error: 'dialogflow: HTTP 403 PERMISSION_DENIED' });
  });
  it('a key the token endpoint does not recognise fails with its code', async () => {
    const forged = keyJson({ client_email: 'other@pizzaria-123.iam.gserviceaccount.com', private_key: stranger.export({ type: 'pkcs8', format: 'pem' }) });
    expect(await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi'), contextWith(forged))).toEqual({ ok: false, error: 'dialogflow: HTTP 400 invalid_grant' });
  });
  it.each([
    ['text that is not JSON', 'not json at all'],
    ['JSON that is not a service account key', JSON.stringify({ apiKey: 'AIza-something' })],
    ['a private key that is not a key', keyJson({ private_key: '-----BEGIN PRIVATE KEY-----\nbroken\n-----END PRIVATE KEY-----' })],
  ])('refuses %s without quoting it', async (_, key) => {
    const result = await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi'), contextWith(key));
    expect(result).toEqual({ ok: false, error: 'dialogflow: the credentials are not a service account key' });
  });
  it('fails on nothing listening, on the runtime’s deadline, and on an input the block would never send', async () => {
    const nowhere = keyJson({ client_email: 'nowhere@x.iam.gserviceaccount.com', token_uri: 'http://127.0.0.1:9/token' });
    expect(await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi'), contextWith(nowhere))).toEqual({ ok: false, error: 'dialogflow: network' });
    const late = contextWith(keyJson(), AbortSignal.timeout(300));
    expect(await performEffect(performDialogflowDetect, 'dialogflow.detectIntent', ask('oi', { sessionId: 'slow' }), late)).toEqual({ ok: false, error: expect.stringMatching(/^timeout/) });
    await expect(performDialogflowDetect({ credentials: 'secret:sa', projectId: '../../x', language: 'pt-BR', text: 'oi' }, contextWith(keyJson()))).rejects.toThrow(/^invalid input/);
  });
});

describe('an integration’s flow (start → dialogflow), decided by the engine, against the server', () => {
  const start = defineBlock({
    type: 'start', label: 'start', icon: 'play', input: false, outputs: [{ name: 'default', label: 'next' }], waits: false, defaults: {}, fields: [], schema: yup.object({}),
    run: () => ({ next: follow('default') }),
  });
  const registry = createRegistry([start, dialogflow] as FlowPlugin[]);
  const engine = flowExecution({ registry });
  const flow: FlowVersion = {
    flowId: 4,
    version: 1,
    graph: {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'agent', type: 'dialogflow', position: { x: 0, y: 100 }, data: { credentials: 'secret:sa', projectId: 'pizzaria-123', language: 'es' } },
      ],
      connections: [{ source: '1', sourceHandle: 'default', target: 'agent' }],
    },
  };
  async function decideAll(command: FlowCommand, events: FlowExecutionEvent[]): Promise<FlowExecutionEvent[]> {
    const context = contextWith(keyJson());
    let all = [...events];
    let next: FlowCommand | null = command;
    while (next) {
      const decided = engine.decide(next, all.reduce(engine.evolve, engine.initialState()));
      all = [...all, ...decided];
      const asked = decided.find((e): e is Extract<FlowExecutionEvent, { type: 'EffectRequested' }> => e.type === 'EffectRequested');
      next = asked
        ? { type: 'EffectCompleted', flow, waitId: asked.data.waitId, result: await performEffect(registry.performer(asked.data.name), asked.data.name, asked.data.input, context), at: '2026-11-27T12:00:01.000Z' }
        : null;
    }
    return all;
  }
  const reply = (events: FlowExecutionEvent[], id: string, body: string) => decideAll({ type: 'ReceiveReply', flow, message: { id, body }, at: '2026-11-27T12:00:30.000Z' }, events);
  const sent = (events: FlowExecutionEvent[]) => events.flatMap((e) => (e.type === 'MessagesRequested' ? e.data.messages.map((m) => (m.kind === 'text' ? m.body : m.url)) : []));

  it('answers each message with the agent’s texts, and hands the ticket to its queue when the intent ends the interaction', async () => {
    const started = await decideAll({ type: 'StartFlow', executionId: 'e1', flow, ticketId: 7, contactId: 1, at: '2026-11-27T12:00:00.000Z' }, []);
    expect(started.at(-1)).toMatchObject({ type: 'ReplyAwaited', data: { nodeId: 'agent' } });
    const first = await reply(started, 'w1', 'oi');
    expect(sent(first.slice(started.length))).toEqual(['[es] Olá!', 'Qual sabor?']);
    expect(first.at(-1)).toMatchObject({ type: 'ReplyAwaited', data: { nodeId: 'agent' } });
    const last = await reply(first, 'w2', 'tchau');
    expect(sent(last.slice(first.length))).toEqual(['Até logo!']);
    expect(last.slice(-2)).toEqual([
      { type: 'TicketHandedOver', data: { nodeId: 'agent', queueId: null, userId: null } },
      { type: 'FlowFinished', data: { reason: 'handedOver', nodeId: 'agent' } },
    ]);
  });
});
