import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockDescription, Flow, FlowGraph, FlowSaved, Queue } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';
import { simulatedCustomer } from './testing/suite.js';

/** A local server: each request's path and JSON body is kept, and answered by `answer`. */
async function localServer(answer: (path: string, body: any) => unknown) {
  const seen: Array<{ path: string; body: any; auth: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ path: req.url ?? '', body, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req.url ?? '', body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

const richText = (text: string) => ({ id: `m-${text.length}`, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } });

/**
 * The whole conversation through the simulator: a phrase starts a flow with two questions, a condition, a
 * randomizer (its source seeded), an interval, a menu, a Typebot block answered by a local server speaking Typebot's
 * chat API, and an OpenAI block answered by a local server speaking OpenAI's protocol (the real `openai` client
 * pointed at it), which hands the ticket over to a queue. The customer's phone receives every word in order.
 */
describe('a flow with outside services, through the simulator', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;
  let vendas: Queue;
  let openai: Awaited<ReturnType<typeof localServer>>;
  let typebot: Awaited<ReturnType<typeof localServer>>;
  const before = process.env.OPENAI_BASE_URL;

  beforeAll(async () => {
    openai = await localServer((path, body) => {
      if (!path.endsWith('/chat/completions')) return { error: { message: 'not found' } };
      const last = (body.messages as Array<{ role: string; content: string }>).at(-1)!.content;
      const content = /alguém|atendente/i.test(last) ? 'Claro, já chamo uma pessoa.\nAção: Transferir para o setor de atendimento' : `Você disse: ${last}`;
      return {
        id: 'chatcmpl-local', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      };
    });
    typebot = await localServer((path, body) => {
      if (path.endsWith('/startChat')) return { sessionId: 'tb-session-1', messages: [richText('Bem-vindo ao bot da loja!'), richText('Qual produto você quer?')], input: { id: 'i1', type: 'text input' } };
      if (path.includes('/sessions/tb-session-1/continueChat')) return { messages: [richText(`Pedido anotado: ${body.message}.`)] };
      return { message: 'unknown' };
    });
    process.env.OPENAI_BASE_URL = `${openai.url}/v1`;
    // The randomizer's draws: always 0.1, so a 50 % split leaves by `a`.
    h = await startHarness({ flowRandom: () => 0.1 });
    token = (await h.login()).token;
    vendas = (await h.api<Queue>('/queue', { token, body: { name: 'Vendas', color: '#4caf50', greetingMessage: '', orderQueue: 1 } })).body;
    const created = await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'Loja', channel: 'simulator', greetingMessage: '', queueIds: [] } });
    connectionId = created.body.id;
    await h.pair(connectionId);
  });
  afterAll(async () => {
    await h?.stop();
    await openai?.close();
    await typebot?.close();
    if (before === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = before;
  });

  it('walks questions, a condition, a seeded randomizer, an interval, a menu, Typebot and OpenAI, and hands over', { timeout: 90_000 }, async () => {
    const node = (id: string, type: string, data: Record<string, unknown>): FlowGraph['nodes'][number] => ({ id, type, position: { x: 0, y: 0 }, data });
    const edge = (source: string, sourceHandle: string, target: string) => ({ source, sourceHandle, target });
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start', {}),
        node('name', 'question', { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } }),
        node('city', 'question', { typebotIntegration: { message: 'Prazer, {{nome}}! De que cidade você fala?', answerKey: 'cidade' } }),
        node('recife', 'condition', { key: 'cidade', condition: 'equals', value: 'Recife' }),
        node('elsewhere', 'message', { label: 'Ainda não entregamos em {{cidade}}.', typingMs: 0 }),
        node('split', 'randomizer', { percent: 50 }),
        node('b', 'message', { label: 'Caminho B', typingMs: 0 }),
        node('wait', 'interval', { sec: 1 }),
        node('menu', 'menu', { message: 'Como prefere seguir?', arrayOption: [{ number: 1, value: 'Robô' }, { number: 2, value: 'Sair' }] }),
        node('bot', 'typebot', { typebotIntegration: { name: 'Loja', url: typebot.url, typebotSlug: 'loja-bot', expires: 10, delayMessage: 0, keywordFinish: '', keywordRestart: '', restartMessage: '', unknownMessage: '' } }),
        node('ai', 'openai', {
          typebotIntegration: { name: 'Atendente', apiKey: 'sk-local-test-4321', prompt: 'Você atende a loja. Cliente: {{nome}} de {{cidade}}.', model: 'gpt-4o-mini', voice: 'texto', temperature: 1, maxTokens: 100, maxMessages: 10 },
          queue: { id: vendas.id, name: vendas.name },
        }),
      ],
      connections: [
        edge('1', 'default', 'name'),
        edge('name', 'default', 'city'),
        edge('city', 'default', 'recife'),
        edge('recife', 'true', 'split'),
        edge('recife', 'false', 'elsewhere'),
        edge('split', 'a', 'wait'),
        edge('split', 'b', 'b'),
        edge('wait', 'default', 'menu'),
        edge('menu', 'option:1', 'bot'),
        edge('menu', 'option:2', 'elsewhere'),
        edge('bot', 'default', 'ai'),
      ],
    };
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Loja completa' } })).body;
    const saved = await h.api<FlowSaved>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await h.api('/flowcampaign', { token, body: { name: 'Loja', flowId: flow.id, whatsappId: connectionId, phrase: 'oi loja' } })).status).toBe(201);

    const number = '5581999990001';
    const { says } = simulatedCustomer(h, { connectionId, number, name: 'Joana', timeoutMs: 20_000 });

    expect(await says('Oi, loja', 0)).toEqual([]);
    expect(await says('oi loja', 1)).toEqual(['Qual é o seu nome?']);
    expect(await says('Joana Prado', 1)).toEqual(['Prazer, Joana Prado! De que cidade você fala?']);
    // Recife: the randomizer (seeded) leaves by `a`, a second's pause, then the menu.
    expect(await says('Recife', 1)).toEqual(['Como prefere seguir?\n\n*1* - Robô\n*2* - Sair']);
    expect(await says('1', 2)).toEqual(['Bem-vindo ao bot da loja!', 'Qual produto você quer?']);
    expect(await says('pizza', 1)).toEqual(['Pedido anotado: pizza.']);
    // The Typebot conversation is over: the OpenAI block listens.
    expect(await says('qual o prazo?', 1)).toEqual(['Você disse: qual o prazo?']);
    expect(await says('quero falar com alguém', 1)).toEqual(['Claro, já chamo uma pessoa.']);

    await eventually(async () => {
      const ticket = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', number).first('t.queue_id', 't.status');
      expect({ queue: Number(ticket.queue_id), status: ticket.status }).toEqual({ queue: vendas.id, status: 'pending' });
    });

    // Typebot was started for the bot's public id and continued with the customer's answer.
    expect(typebot.seen.map((r) => r.path)).toEqual(['/api/v1/typebots/loja-bot/startChat', '/api/v1/sessions/tb-session-1/continueChat']);
    expect(typebot.seen[1]!.body).toMatchObject({ message: 'pizza' });
    // OpenAI got the key (opened from its sealed row), the prompt with the variables, and the conversation as history.
    const ask = openai.seen.at(-1)!;
    expect(ask.auth).toBe('Bearer sk-local-test-4321');
    expect(ask.body.messages[0]).toEqual({ role: 'system', content: 'Você atende a loja. Cliente: Joana Prado de Recife.' });
    expect(ask.body.messages.at(-1)).toMatchObject({ role: 'user', content: 'quero falar com alguém' });
    expect(ask.body.messages.some((m: { role: string; content: string }) => m.role === 'assistant' && m.content === 'Você disse: qual o prazo?')).toBe(true);
    // And the key is in no event.
    const log = JSON.stringify((await h.atendo.knex('events').select('data')).map((r: { data: unknown }) => r.data));
    expect(log).not.toContain('sk-local-test-4321');
  });

  it('the example outside plugin (an HTTP request block, installed as a package) runs in a flow with no change to the product', { timeout: 60_000 }, async () => {
    const prices = await localServer((path) => ({ item: decodeURIComponent(path.split('item=')[1] ?? ''), price: { value: '42,00' } }));
    try {
      const node = (id: string, type: string, data: Record<string, unknown>): FlowGraph['nodes'][number] => ({ id, type, position: { x: 0, y: 0 }, data });
      const graph: FlowGraph = {
        nodes: [
          node('1', 'start', {}),
          node('item', 'question', { typebotIntegration: { message: 'Qual item?', answerKey: 'item' } }),
          node('price', 'http-request', { method: 'GET', url: `${prices.url}/price?item={{item}}`, headers: [], body: '', saveAs: 'preco', jsonPath: 'price.value', timeoutSeconds: 5 }),
          node('ok', 'message', { label: '{{item}} custa R$ {{preco}}.', typingMs: 0 }),
          node('down', 'message', { label: 'Consulta indisponível.', typingMs: 0 }),
        ],
        connections: [
          { source: '1', sourceHandle: 'default', target: 'item' },
          { source: 'item', sourceHandle: 'default', target: 'price' },
          { source: 'price', sourceHandle: 'success', target: 'ok' },
          { source: 'price', sourceHandle: 'error', target: 'down' },
        ],
      };
      const blocks = (await h.api<{ blocks: BlockDescription[] }>('/flowbuilder/blocks', { token })).body.blocks;
      expect(blocks.find((b) => b.type === 'http-request')?.fields.length).toBeGreaterThan(3);
      // Installed from outside, it brings its words in the console's languages (decision 0044).
      expect(blocks.find((b) => b.type === 'http-request')?.texts?.pt['httpRequest.block']).toBe('Requisição HTTP');
      const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Preços' } })).body;
      const saved = await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await h.api('/flowcampaign', { token, body: { name: 'Preços', flowId: flow.id, whatsappId: connectionId, phrase: 'preço' } })).status).toBe(201);
      await new Promise((r) => setTimeout(r, 1_100));
      const number = '5581999990002';
      const phone = async () =>
        ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages
          .filter((m) => m.sender === 'platform')
          .map((m) => m.body);
      await h.customerSays(number, 'Preço', 'Rui', connectionId);
      await eventually(async () => expect(await phone()).toEqual(['Qual item?']), 15_000);
      await h.customerSays(number, 'pão de queijo', 'Rui', connectionId);
      await eventually(async () => expect(await phone()).toEqual(['Qual item?', 'pão de queijo custa R$ 42,00.']), 15_000);
      expect(prices.seen[0]!.path).toBe('/price?item=p%C3%A3o%20de%20queijo');
    } finally {
      await prices.close();
    }
  });
});
