import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowExecutionStream, type Flow, type FlowGraph, type ListTicketsResponse, type Queue, type Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const richText = (text: string, id = text) => ({ id, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } });

/** A bot's server on this machine: Typebot's chat API by the bot's public id, a webhook receiver, and files. */
async function botServer(answersAt: (url: string) => { typebot: Record<string, unknown[]>; webhook: unknown }) {
  let answers: ReturnType<typeof answersAt>;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '';
      if (url === '/files/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (url === '/files/page.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
      if (url === '/files/huge.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
      const bot = /\/typebots\/([\w-]+)\/startChat$/.exec(url)?.[1];
      const body = bot ? { sessionId: `s-${bot}`, messages: answers.typebot[bot] ?? [] } : answers.webhook;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  answers = answersAt(url);
  return { url, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Issue 32, item 5: what a bot answers at run time (Typebot's instructions and files, a webhook's transfer) can name
 * any id. Another company's queue or person is never given A's ticket — B's records stay as they were — and A's run
 * fails saying why; a bot's file is brought into A's store within the upload limits, or the turn fails.
 */
describe("a bot's answer naming what is not the company's", () => {
  let h: Harness;
  let token: string;
  let tokenB: string;
  let connectionId: number;
  let theirQueue: Queue;
  let theirUser: number;
  let bots: Awaited<ReturnType<typeof botServer>>;
  let customers = 0;

  const node = (id: string, type: string, data: Record<string, unknown>): FlowGraph['nodes'][number] => ({ id, type, position: { x: 0, y: 0 }, data });
  const typebot = (slug: string) =>
    node('bot', 'typebot', { typebotIntegration: { name: 'Bot', url: bots.url, typebotSlug: slug, expires: 10, delayMessage: 0, keywordFinish: '', keywordRestart: '', restartMessage: '', unknownMessage: '' } });
  const webhook = () => node('bot', 'webhook', { url: `${bots.url}/hook`, secret: 'segredo-do-webhook-0000', retries: 0, timeoutMinutes: 60 });

  /** A flow of one bot block started by `phrase`; a new customer says it (and `then`, for a block that listens first). */
  async function run(phrase: string, block: FlowGraph['nodes'][number], then?: string) {
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: phrase } })).body;
    const saved = await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, nodes: [node('1', 'start', {}), block], connections: [{ source: '1', sourceHandle: 'default', target: 'bot' }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await h.api('/flowcampaign', { token, body: { name: phrase, flowId: flow.id, whatsappId: connectionId, phrase } })).status).toBe(201);
    // The campaign's phrase reaches the conversations' triggers.
    await new Promise((r) => setTimeout(r, 1_100));
    const number = `55819777${String(++customers).padStart(5, '0')}`;
    await h.customerSays(number, phrase, 'Cliente A', connectionId);
    if (then) {
      await eventually(async () => expect(await executionOf(number)).toMatchObject({ wait_kind: 'reply' }), 15_000);
      await h.customerSays(number, then, 'Cliente A', connectionId);
    }
    return number;
  }
  const ticketOf = async (number: string): Promise<Ticket> => (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token })).body.tickets[0]!;
  const executionOf = async (number: string) =>
    (await h.atendo.knex('flow_executions as f').join('tickets as t', 't.id', 'f.ticket_id').join('contacts as c', 'c.id', 't.contact_id').where('c.number', number).first('f.status', 'f.outcome', 'f.wait_kind')) as
      | { status: string; outcome: string | null; wait_kind: string | null }
      | undefined;
  const received = async (number: string) =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string; media?: { mediaType: string } }> }).messages.filter(
      (m) => m.sender === 'platform',
    );
  /** What B sees of its tickets, queues and users. */
  const bState = async () =>
    JSON.stringify([
      (await h.api<ListTicketsResponse>('/tickets?showAll=true', { token: tokenB })).body.tickets.map((t) => [t.id, t.status, t.userId, t.queueId]),
      (await h.api('/queue', { token: tokenB })).body,
      (await h.api('/users/list', { token: tokenB })).body,
    ]);

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    const b = await addCompany(h, 'Bots B');
    tokenB = (await h.login(b.email, b.password)).token;
    theirUser = b.id;
    theirQueue = (await h.api<Queue>('/queue', { token: tokenB, body: { name: 'Fila da B', color: '#0b0b0b' } })).body;
    const created = await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'Loja', channel: 'simulator', greetingMessage: '', queueIds: [] } });
    connectionId = created.body.id;
    await h.pair(connectionId);
    bots = await botServer((url) => ({
      typebot: {
        'fila-b': [richText('Vou te passar para a equipe.'), richText(`#{"queueId":${theirQueue.id}}`, 'order')],
        'pessoa-b': [richText('Um momento.'), richText(`#{"userId":"${theirUser}"}`, 'order')],
        imagem: [richText('Nosso logo:'), { id: 'img', type: 'image', content: { url: `${url}/files/logo.png` } }],
        pagina: [richText('Veja:'), { id: 'img', type: 'image', content: { url: `${url}/files/page.png` } }],
        enorme: [richText('Veja:'), { id: 'img', type: 'image', content: { url: `${url}/files/huge.png` } }],
      },
      webhook: { replies: ['Transferindo.'], transfer: { queueId: theirQueue.id, userId: theirUser } },
    }));
  });
  afterAll(async () => {
    await h?.stop();
    await bots?.close();
  });

  it.each([
    ['a Typebot instruction to hand over to their queue', 'fila b', () => typebot('fila-b'), undefined, 'Vou te passar para a equipe.'],
    ['a Typebot instruction to hand over to their person', 'pessoa b', () => typebot('pessoa-b'), undefined, 'Um momento.'],
    ['a webhook transfer to their queue and person', 'webhook b', webhook, 'quero atendimento', 'Transferindo.'],
  ])('%s: B is untouched, A’s ticket stays, and A’s run says why', async (_, phrase, block, then, lastWords) => {
    const before = await bState();
    const number = await run(phrase, block(), then);
    await eventually(async () => expect(await executionOf(number)).toMatchObject({ status: 'ended', outcome: 'failed:ERR_FLOW_FOREIGN_REFERENCE' }), 15_000);
    // What the bot said before its order reached the customer; nothing after it.
    await eventually(async () => expect((await received(number)).map((m) => m.body)).toEqual([lastWords]));
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ status: 'pending', userId: null, queueId: null });
    expect(await bState()).toBe(before);
  });

  it("a Typebot image is brought into A's store through the outside-call guard, and the customer gets it from there", async () => {
    const number = await run('imagem', typebot('imagem'));
    await eventually(async () => expect(await received(number)).toEqual([expect.objectContaining({ body: 'Nosso logo:' }), expect.objectContaining({ media: expect.objectContaining({ mediaType: 'image' }) })]), 15_000);
    const ticket = await ticketOf(number);
    const messages = (await h.api<{ messages: Array<{ mediaUrl: string | null }> }>(`/messages/${ticket.id}`, { token })).body.messages;
    expect(messages.map((m) => m.mediaUrl).filter(Boolean)).toEqual([expect.stringMatching(new RegExp(`^/public/company-${h.companyId}/`))]);
  });

  it.each([
    ['a page that calls itself an image', 'pagina', /media: not an image file/],
    ['an image above the upload limit', 'enorme', /media: larger than/],
  ])("%s is refused: nothing of that turn is sent, and A's run records why", async (_, slug, why) => {
    const number = await run(slug, typebot(slug));
    await eventually(async () => expect(await executionOf(number)).toMatchObject({ status: 'ended' }), 15_000);
    const executionId = (await h.atendo.knex('flow_executions as f').join('tickets as t', 't.id', 'f.ticket_id').join('contacts as c', 'c.id', 't.contact_id').where('c.number', number).first('f.execution_id')).execution_id as string;
    const settled = (await h.atendo.store.readStream(flowExecutionStream(h.companyId, executionId))).filter((e) => e.type === 'EffectSettled');
    expect(settled.map((e) => (e.data as { result: unknown }).result)).toEqual([{ ok: false, error: expect.stringMatching(why) }]);
    expect(await received(number)).toEqual([]);
  });
});
