import { generateKeyPairSync, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow, FlowSaved, Prompt, Queue, QueueIntegration } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { verifyWebhookSignature } from '@atendo/plugin-webhook';
import { startHarness, type Harness } from './testing/harness.js';
import { simulatedCustomer } from './testing/suite.js';

interface Seen {
  path: string;
  body: any;
  raw: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A local server: each request is kept, and answered by `answer` — a JSON value, a status with one, or a promise
 * (a receiver that takes its time, or never answers).
 */
async function localServer(answer: (req: Seen) => unknown | { status: number; json: unknown } | Promise<unknown>) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      let body: unknown = raw;
      try {
        body = raw && (req.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : raw;
      } catch {
        body = raw;
      }
      const got = { path: req.url ?? '', body, raw, headers: req.headers };
      seen.push(got);
      const out = (await answer(got)) as { status?: number; json?: unknown } | undefined;
      if (res.destroyed) return;
      const status = out && typeof out === 'object' && 'status' in out && typeof out.status === 'number' ? out.status : 200;
      const json = out && typeof out === 'object' && 'status' in out ? out.json : out;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

const chatCompletion = (model: string, content: string) => ({
  id: 'chatcmpl-local', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});
const richText = (text: string) => ({ id: `m-${text.length}`, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } });
const PROMPT_TEXT = 'Você é o assistente da Loja Atendo. Responda curto, em português, e chame uma pessoa quando pedirem.';

/**
 * Queue integrations and prompts at run time (issue 15, decision 0033), through the simulator: each kind against a
 * local server speaking its real protocol — OpenAI (the real `openai` client), a webhook receiver that checks the
 * signature, Typebot's chat API, Dialogflow's token and detectIntent endpoints — and a flowbuilder integration.
 */
describe('prompts and queue integrations answer customers', () => {
  let h: Harness;
  let token: string;
  /** The clock of the jobs role: the real one plus what a test skipped (retry back-offs). */
  let skipped = 0;
  let openai: Awaited<ReturnType<typeof localServer>>;
  let hook: Awaited<ReturnType<typeof localServer>>;
  let typebot: Awaited<ReturnType<typeof localServer>>;
  let dialogflow: Awaited<ReturnType<typeof localServer>>;
  /** How the webhook receiver behaves now. */
  let hookMode: 'ok' | 'fail' | 'hang' = 'ok';
  let typebotFailedOnce = false;
  const hanging: Array<() => void> = [];
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const env = { OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, DIALOGFLOW_API_URL: process.env.DIALOGFLOW_API_URL };
  let humanos: Queue;

  let colours = 0;
  const queue = async (name: string, fields: Record<string, unknown> = {}) => {
    const color = `#${(0x204060 + 0x111 * ++colours).toString(16)}`;
    const res = await h.api<Queue>('/queue', { token, body: { name, color, greetingMessage: '', ...fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const connection = async (name: string, fields: Record<string, unknown>) => {
    const res = await h.api<{ id: number }>('/whatsapp', { token, body: { name, channel: 'simulator', greetingMessage: '', queueIds: [], ...fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await h.pair(res.body.id);
    return res.body.id;
  };
  const integration = async (fields: Record<string, unknown>) => {
    const res = await h.api<QueueIntegration>('/queueIntegration', { token, body: fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  /** A customer of a connection: what they say, what they got, and their ticket. */
  const customer = (number: string, connectionId: number) => {
    const { received } = simulatedCustomer(h, { connectionId, number, name: 'Cliente' });
    return {
      received,
      async says(text: string, answers: number, timeoutMs = 20_000) {
        const seen = (await received()).length;
        await h.customerSays(number, text, 'Cliente', connectionId);
        const got = await eventually(async () => {
          const all = await received();
          expect(all.length).toBeGreaterThanOrEqual(seen + answers);
          return all;
        }, timeoutMs);
        return got.slice(seen);
      },
      async ticket() {
        const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', number).orderBy('t.id', 'desc').first('t.id', 't.queue_id', 't.status');
        return { id: Number(row.id), queueId: row.queue_id === null ? null : Number(row.queue_id), status: row.status as string };
      },
    };
  };
  const skip = (ms: number) => {
    skipped += ms;
    h.atendo.processes.get('flows')!.poke?.();
  };

  beforeAll(async () => {
    openai = await localServer(async ({ path, body }) => {
      // A voice note's words (the multipart upload of the audio, as OpenAI's transcription endpoint takes it).
      if (path.endsWith('/audio/transcriptions')) return typeof body === 'string' && body.includes('whisper-1') ? { text: 'quero dois pães' } : { status: 400, json: { error: { message: 'no model' } } };
      if (!path.endsWith('/chat/completions')) return { status: 404, json: { error: { message: 'not found' } } };
      const last = (body.messages as Array<{ role: string; content: string }>).at(-1)!.content;
      if (last.includes('devagar')) await new Promise((r) => setTimeout(r, 1_500));
      return chatCompletion(body.model, /alguém|atendente/i.test(last) ? 'Claro, já chamo uma pessoa.\nAção: Transferir para o setor de atendimento' : `Você disse: ${last}`);
    });
    hook = await localServer(({ body }) => {
      if (hookMode === 'fail') return { status: 500, json: { error: 'down' } };
      if (hookMode === 'hang') return new Promise((resolve) => hanging.push(() => resolve({ replies: ['tarde demais'] })));
      const text = (body as { message: { body: string } }).message.body;
      if (text === 'humano') return { replies: [{ text: 'Transferindo para uma pessoa.' }], transfer: { queueId: humanos.id } };
      return { replies: [`Recebido: ${text}`] };
    });
    typebot = await localServer(({ path, body }) => {
      if (path.endsWith('/startChat')) return { sessionId: 'tb-1', messages: [richText('Olá! Sou o bot.')], input: { id: 'i1', type: 'text input' } };
      // A passing failure: the first try of this message gets 503.
      if (body.message === 'instável' && !typebotFailedOnce) {
        typebotFailedOnce = true;
        return { status: 503, json: { message: 'busy' } };
      }
      if (body.message === 'pessoa') return { messages: [richText('Um momento.'), richText(`#{"queueId":${humanos.id}}`)] };
      return { messages: [richText(`Anotado: ${body.message}`)], input: { id: 'i2', type: 'text input' } };
    });
    dialogflow = await localServer(({ path, body, headers }) => {
      if (path === '/token') {
        // The JWT bearer grant, signed with the service account's key.
        const assertion = new URLSearchParams(body as string).get('assertion') ?? '';
        const [head, claims, signature] = assertion.split('.');
        const valid = verify('RSA-SHA256', Buffer.from(`${head}.${claims}`), keys.publicKey, Buffer.from(signature ?? '', 'base64url'));
        return valid ? { access_token: 'df-token-1', expires_in: 3600, token_type: 'Bearer' } : { status: 400, json: { error: 'invalid_grant' } };
      }
      if (headers.authorization !== 'Bearer df-token-1') return { status: 401, json: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
      const text = body.queryInput.text.text as string;
      if (text === 'tchau') return { queryResult: { fulfillmentText: 'Até logo! Uma pessoa segue com você.', intent: { displayName: 'despedida', endInteraction: true } } };
      return { queryResult: { fulfillmentText: `Intenção entendida: ${text} (${body.queryInput.text.languageCode})`, intent: { displayName: 'geral' } } };
    });
    process.env.OPENAI_BASE_URL = `${openai.url}/v1`;
    process.env.DIALOGFLOW_API_URL = dialogflow.url;
    // Four outside calls in flight at most, one per service: a service that hangs may not take every slot.
    h = await startHarness({ clock: () => new Date(Date.now() + skipped), flowEffectConcurrency: 4 });
    token = (await h.login()).token;
    // Each case has its own connection: the demo plan's three are not enough.
    const more = await handleCommand(h.atendo.store, planDecider, planStream(1), { type: 'update', changes: { connections: 20, queues: 20 } }, { actor: { type: 'system' } });
    await h.atendo.readYourWrites(more.position);
    humanos = await queue('Humanos');
  });
  afterAll(async () => {
    if (process.env.DEBUG_EVENTS) console.log('CLOCK', new Date(Date.now() + skipped).toISOString(), JSON.stringify(await h.atendo.knex('flow_executions').select()));
    if (process.env.DEBUG_EVENTS) console.log(JSON.stringify((await h.atendo.knex('events').orderBy('global_position', 'desc').limit(25).select('event_type', 'data')).reverse(), null, 1));
    for (const release of hanging) release();
    await h?.stop();
    await Promise.all([openai?.close(), hook?.close(), typebot?.close(), dialogflow?.close()]);
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("a connection's prompt answers with the conversation as context, hands over to its queue when asked, and then keeps quiet", { timeout: 60_000 }, async () => {
    const vendas = await queue('Vendas');
    const prompt = (
      await h.api<Prompt>('/prompt', {
        token,
        body: { name: 'Assistente da loja', prompt: PROMPT_TEXT, model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: 'sk-local-prompt-9876', queueId: vendas.id, maxMessages: 10 },
      })
    ).body;
    const connectionId = await connection('Loja IA', { promptId: prompt.id });
    const ana = customer('5581988880001', connectionId);

    // The customer's first message is the assistant's first question (no menu, no greeting over it).
    expect(await ana.says('Qual o horário de vocês?', 1)).toEqual(['Você disse: Qual o horário de vocês?']);
    expect(await ana.says('E no sábado?', 1)).toEqual(['Você disse: E no sábado?']);
    // The ticket says who is talking on it (spec: useIntegration, promptId).
    const held = (await h.api<{ useIntegration: boolean; promptId: number | null; chatbot: boolean }>(`/tickets/${(await ana.ticket()).id}`, { token })).body;
    expect(held).toMatchObject({ useIntegration: true, promptId: prompt.id, integrationId: null, chatbot: true });
    const ask = openai.seen.at(-1)!;
    expect(ask.headers.authorization).toBe('Bearer sk-local-prompt-9876');
    expect(ask.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 100 });
    expect(ask.body.messages[0]).toEqual({ role: 'system', content: PROMPT_TEXT });
    expect(ask.body.messages).toContainEqual({ role: 'assistant', content: 'Você disse: Qual o horário de vocês?' });

    // The model asks for a person: its words go, the transfer line does not, and the ticket waits in the prompt's queue.
    expect(await ana.says('quero falar com um atendente', 1)).toEqual(['Claro, já chamo uma pessoa.']);
    await eventually(async () => expect(await ana.ticket()).toMatchObject({ queueId: vendas.id, status: 'pending' }));
    await eventually(async () => expect((await h.api(`/tickets/${(await ana.ticket()).id}`, { token })).body).toMatchObject({ useIntegration: false, promptId: null, chatbot: false }));
    const asked = openai.seen.length;
    await h.customerSays('5581988880001', 'ainda estou aqui', 'Cliente', connectionId);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(openai.seen.length).toBe(asked);
    expect(await ana.received()).toHaveLength(3);
    // The key is in no event.
    const log = JSON.stringify((await h.atendo.knex('events').select('data')).map((r: { data: unknown }) => r.data));
    expect(log).not.toContain('sk-local-prompt-9876');
  });

  it("a customer's voice note is transcribed, and the assistant answers its words (a real number: Baileys over the fake WhatsApp)", { timeout: 60_000 }, async () => {
    const vendas = await queue('Vendas por voz');
    const prompt = (
      await h.api<Prompt>('/prompt', { token, body: { name: 'Assistente de voz', prompt: PROMPT_TEXT, model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: 'sk-voice-1', queueId: vendas.id, maxMessages: 10 } })
    ).body;
    const connectionId = await h.linkNumber(token, { name: 'Voz IA', promptId: prompt.id });
    // A short MP3 (frames of silence), sent as a voice note.
    const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
    const mp3 = Buffer.concat(Array.from({ length: 30 }, () => frame));
    await h.whatsapp.customerSendsMedia(connectionId, '5581988880020', { kind: 'audio', bytes: mp3, mimetype: 'audio/mpeg', ptt: true });
    await eventually(() => expect(h.whatsapp.phones.get('5581988880020')?.map((m) => m.text)).toEqual(['Você disse: quero dois pães']), 20_000);
    const transcribed = openai.seen.find((r) => r.path.endsWith('/audio/transcriptions'))!;
    expect(transcribed.headers.authorization).toBe('Bearer sk-voice-1');
    expect(transcribed.raw.length).toBeGreaterThan(mp3.length);
  });

  it("a plan without the AI assistant silences the company's prompts until it has it again", { timeout: 60_000 }, async () => {
    const setOpenAi = async (useOpenAi: boolean) => {
      const r = await handleCommand(h.atendo.store, planDecider, planStream(1), { type: 'update', changes: { useOpenAi } }, { actor: { type: 'system' } });
      await h.atendo.readYourWrites(r.position);
      // The gateway reads a connection's automations at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    };
    const vendas = await queue('Vendas sem IA');
    const prompt = (
      await h.api<Prompt>('/prompt', { token, body: { name: 'Assistente do plano', prompt: PROMPT_TEXT, model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: 'sk-plan-1', queueId: vendas.id, maxMessages: 10 } })
    ).body;
    const connectionId = await connection('Plano IA', { promptId: prompt.id });
    await setOpenAi(false);
    try {
      const asked = openai.seen.length;
      await h.customerSays('5581988880030', 'tem alguém aí?', 'Cliente', connectionId);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(openai.seen.length).toBe(asked);
      expect((await h.api(`/prompt`, { token })).status).toBe(403);
    } finally {
      await setOpenAi(true);
    }
    expect(await customer('5581988880031', connectionId).says('e agora?', 1)).toEqual(['Você disse: e agora?']);
  });

  it('messages that come while the assistant is still thinking are answered next, in order, none lost', { timeout: 60_000 }, async () => {
    const vendas = await queue('Vendas em fila');
    const prompt = (
      await h.api<Prompt>('/prompt', { token, body: { name: 'Assistente paciente', prompt: PROMPT_TEXT, model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: 'sk-patient-1', queueId: vendas.id, maxMessages: 10 } })
    ).body;
    const connectionId = await connection('Fila IA', { promptId: prompt.id });
    const gil = customer('5581988880008', connectionId);
    await h.customerSays('5581988880008', 'pergunta devagar', 'Cliente', connectionId);
    await eventually(() => expect(openai.seen.at(-1)!.body.messages.at(-1).content).toBe('pergunta devagar'), 10_000);
    // While the model thinks, two more messages come.
    await h.customerSays('5581988880008', 'segunda', 'Cliente', connectionId);
    await h.customerSays('5581988880008', 'terceira', 'Cliente', connectionId);
    await eventually(async () => expect(await gil.received()).toEqual(['Você disse: pergunta devagar', 'Você disse: segunda', 'Você disse: terceira']), 20_000);
    expect(Number(((await h.atendo.knex('flow_inbox').count({ n: '*' })) as Array<{ n: string }>)[0]!.n)).toBe(0);
  });

  it("a queue's webhook integration: signed posts, replies and a transfer; a failing receiver is retried with back-off, reported, and recovers", { timeout: 90_000 }, async () => {
    const secret = 'hook-secret-0123456789';
    const hooked = await integration({ type: 'webhook', name: 'Receptor', urlN8N: `${hook.url}/atendo`, webhookSecret: secret });
    const suporte = await queue('Suporte', { integrationId: hooked.id });
    const connectionId = await connection('Suporte WA', { queueIds: [suporte.id] });
    const bia = customer('5581988880002', connectionId);

    expect(await bia.says('oi', 1)).toEqual(['Recebido: oi']);
    const post = hook.seen.at(-1)!;
    expect(post.path).toBe('/atendo');
    expect(verifyWebhookSignature(secret, String(post.headers['x-atendo-timestamp']), post.raw, String(post.headers['x-atendo-signature']))).toBe(true);
    expect(verifyWebhookSignature('another-secret-000000', String(post.headers['x-atendo-timestamp']), post.raw, String(post.headers['x-atendo-signature']))).toBe(false);
    expect(post.body).toMatchObject({ event: 'message', companyId: h.companyId, ticketId: (await bia.ticket()).id, contact: { number: '5581988880002' }, message: { body: 'oi' } });

    // The receiver fails: the message is tried again after a back-off (the jobs role's clock is moved), and the
    // integration shows as failing in the console until a try works.
    hookMode = 'fail';
    const before = hook.seen.length;
    await h.customerSays('5581988880002', 'pedido 42', 'Cliente', connectionId);
    await eventually(() => expect(hook.seen.length).toBe(before + 1), 10_000);
    await eventually(async () => {
      const got = (await h.api<QueueIntegration>(`/queueIntegration/${hooked.id}`, { token })).body;
      expect(got.health).toMatchObject({ status: 'failing', lastError: 'webhook: HTTP 500' });
    }, 10_000);
    // The clock is stepped until the tries happened (their pauses count from each failure, whenever the runner records it).
    const stepped = (check: () => unknown) =>
      eventually(async () => {
        skip(10_000);
        await check();
      }, 20_000, 300);
    await stepped(() => expect(hook.seen.length).toBeGreaterThanOrEqual(before + 2));
    hookMode = 'ok';
    await stepped(async () => expect(await bia.received()).toContain('Recebido: pedido 42'));
    const tries = hook.seen.slice(before);
    expect(tries.length).toBeGreaterThanOrEqual(3);
    expect(tries.length).toBeLessThanOrEqual(5);
    // Every try of one message carries the same delivery id, so a receiver can drop a repeat.
    expect(new Set(tries.map((t) => t.headers['x-atendo-delivery'])).size).toBe(1);
    await eventually(async () => expect((await h.api<QueueIntegration>(`/queueIntegration/${hooked.id}`, { token })).body.health.status).toBe('ok'), 10_000);

    // The receiver transfers the ticket: its reply goes first, then the ticket waits in the other queue.
    expect((await bia.says('humano', 1)).at(-1)).toBe('Transferindo para uma pessoa.');
    await eventually(async () => expect(await bia.ticket()).toMatchObject({ queueId: humanos.id, status: 'pending' }));
  });

  it('a Typebot integration chats over its API and a `#{"queueId"}` bubble moves the ticket without being sent', { timeout: 60_000 }, async () => {
    const bot = await integration({ type: 'typebot', name: 'Typebot loja', urlN8N: typebot.url, typebotSlug: 'loja-bot', typebotDelayMessage: 0, typebotExpires: 10 });
    expect(bot).toMatchObject({ projectName: 'Typebot loja', typebotDelayMessage: 0 });
    const connectionId = await connection('Typebot WA', { integrationId: bot.id });
    const caio = customer('5581988880003', connectionId);
    expect(await caio.says('oi', 1)).toEqual(['Olá! Sou o bot.']);
    expect(await caio.says('pizza', 1)).toEqual(['Anotado: pizza']);
    // Typebot answers 503 once: the call is tried again, and the customer only sees the answer.
    expect(await caio.says('instável', 1)).toEqual(['Anotado: instável']);
    expect(typebotFailedOnce).toBe(true);
    expect(await caio.says('pessoa', 1)).toEqual(['Um momento.']);
    await eventually(async () => expect(await caio.ticket()).toMatchObject({ queueId: humanos.id, status: 'pending' }));
    expect(typebot.seen.map((r) => r.path)).toEqual(['/api/v1/typebots/loja-bot/startChat', ...Array(4).fill('/api/v1/sessions/tb-1/continueChat')]);
    expect(await caio.received()).not.toContain(`#{"queueId":${humanos.id}}`);
  });

  it("a Dialogflow integration detects each message's intent with the service account, and an ending intent hands over; the test session asks it once", { timeout: 60_000 }, async () => {
    const jsonContent = JSON.stringify({
      type: 'service_account', project_id: 'loja-df', client_email: 'bot@loja-df.iam.gserviceaccount.com', token_uri: `${dialogflow.url}/token`,
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const tested = await h.api<{ intent: string; fulfillmentText: string }>('/queueIntegration/testSession', { token, body: { projectName: 'loja-df', jsonContent, language: 'es' } });
    expect(tested, JSON.stringify(tested.body)).toMatchObject({ status: 200, body: { intent: 'geral', fulfillmentText: 'Intenção entendida: Olá (es)' } });
    const wrong = await h.api<{ error: string }>('/queueIntegration/testSession', { token, body: { projectName: 'loja-df', jsonContent: jsonContent.replace('bot@', 'other@').replace('BEGIN PRIVATE', 'BEGIN BROKEN'), language: 'es' } });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'ERR_INTEGRATION_TEST_FAILED' } });
    expect(JSON.stringify(wrong.body)).not.toContain('PRIVATE');

    const df = await integration({ type: 'dialogflow', name: 'Dialogflow', projectName: 'loja-df', jsonContent, language: 'pt-BR' });
    expect(df.jsonContent).toMatch(/^••••/);
    const atendimento = await queue('Atendimento DF', { integrationId: df.id });
    const connectionId = await connection('Dialogflow WA', { queueIds: [atendimento.id] });
    const duda = customer('5581988880004', connectionId);
    expect(await duda.says('quero um bolo', 1)).toEqual(['Intenção entendida: quero um bolo (pt-BR)']);
    expect(dialogflow.seen.at(-1)!.path).toMatch(/^\/v2\/projects\/loja-df\/agent\/sessions\/[\w-]+:detectIntent$/);
    expect(await duda.says('tchau', 1)).toEqual(['Até logo! Uma pessoa segue com você.']);
    await eventually(async () => expect(await duda.ticket()).toMatchObject({ queueId: atendimento.id, status: 'pending' }));
    const asked = dialogflow.seen.length;
    await h.customerSays('5581988880004', 'olá?', 'Cliente', connectionId);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(dialogflow.seen.length).toBe(asked);
    const log = JSON.stringify((await h.atendo.knex('events').select('data')).map((r: { data: unknown }) => r.data));
    expect(log).not.toContain('PRIVATE KEY');
  });

  it('a flowbuilder integration runs its flow for the queue', { timeout: 60_000 }, async () => {
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Boas-vindas' } })).body;
    const saved = await h.api<FlowSaved>('/flowbuilder/flow', {
      token,
      body: {
        idFlow: flow.id,
        nodes: [
          { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
          { id: 'hi', type: 'message', position: { x: 0, y: 100 }, data: { label: 'Bem-vindo ao fluxo!', typingMs: 0 } },
        ],
        connections: [{ source: '1', sourceHandle: 'default', target: 'hi' }],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const runs = await integration({ type: 'flowbuilder', name: 'Fluxo de boas-vindas', flowId: flow.id });
    const connectionId = await connection('Fluxo WA', { integrationId: runs.id });
    expect(await customer('5581988880005', connectionId).says('oi', 1)).toEqual(['Bem-vindo ao fluxo!']);
  });

  it('an integration that never answers holds no other conversation', { timeout: 60_000 }, async () => {
    const slow = await integration({ type: 'n8n', name: 'n8n lento', urlN8N: `${hook.url}/n8n`, webhookSecret: 'n8n-secret-0123456789' });
    const slowQueue = await queue('Lenta', { integrationId: slow.id });
    const slowConnection = await connection('Lenta WA', { queueIds: [slowQueue.id] });
    const vendas = await queue('Vendas rápidas');
    const prompt = (
      await h.api<Prompt>('/prompt', { token, body: { name: 'Assistente rápido', prompt: PROMPT_TEXT, model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: 'sk-fast-1', queueId: vendas.id, maxMessages: 5 } })
    ).body;
    const fastConnection = await connection('Rápida WA', { promptId: prompt.id });
    hookMode = 'hang';
    const waiting = hook.seen.length;
    // Five customers of the hanging service: more than every slot of the runner (four).
    for (let i = 0; i < 5; i++) await h.customerSays(`55819888801${i}0`, 'alô?', 'Cliente', slowConnection);
    await eventually(() => expect(hook.seen.length).toBe(waiting + 1), 10_000);
    // While those calls hang (one at a time: the service's share), another customer is answered at once.
    const started = Date.now();
    expect(await customer('5581988880007', fastConnection).says('tem pão?', 1, 10_000)).toEqual(['Você disse: tem pão?']);
    expect(Date.now() - started).toBeLessThan(10_000);
    hookMode = 'ok';
  });
});
