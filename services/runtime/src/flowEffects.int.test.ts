import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow, FlowGraph } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';

/**
 * Outside calls beyond the runner's limit wait their turn instead of their due time: with one call in flight at once
 * and a slow OpenAI-compatible server, three customers asking at the same moment are all answered within seconds
 * (before, a call over the limit was only picked up by the 2-minute retry).
 */
describe('flow effects over the limit', () => {
  let h: Harness;
  let server: http.Server;
  let inFlight = 0;
  let most = 0;
  const before = process.env.OPENAI_BASE_URL;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        inFlight++;
        most = Math.max(most, inFlight);
        const body = JSON.parse(raw) as { model: string; messages: Array<{ content: string }> };
        setTimeout(() => {
          inFlight--;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: `Eco: ${body.messages.at(-1)!.content}` }, finish_reason: 'stop' }] }));
        }, 400);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    h = await startHarness({ flowEffectConcurrency: 1 });
  });
  afterAll(async () => {
    await h?.stop();
    await new Promise((r) => server.close(r));
    if (before === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = before;
  });

  it('answers every customer, one call at a time, in the order they asked', { timeout: 60_000 }, async () => {
    const token = (await h.login()).token;
    const connection = (await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'IA', channel: 'simulator', greetingMessage: '', queueIds: [] } })).body.id;
    await h.pair(connection);
    const graph: FlowGraph = {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'ai', type: 'openai', position: { x: 0, y: 0 }, data: { typebotIntegration: { name: 'Eco', apiKey: 'sk-eco-0001', prompt: 'Repita.', model: 'gpt-4o-mini', voice: 'texto', temperature: 1, maxTokens: 50, maxMessages: 5 } } },
      ],
      connections: [{ source: '1', sourceHandle: 'default', target: 'ai' }],
    };
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Eco' } })).body;
    expect((await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } })).status).toBe(200);
    expect((await h.api('/flowcampaign', { token, body: { name: 'Eco', flowId: flow.id, whatsappId: connection, phrase: 'eco' } })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1_100));
    const numbers = ['5511966660001', '5511966660002', '5511966660003'];
    for (const n of numbers) await h.customerSays(n, 'eco', 'Cliente', connection);
    // Each flow now listens: all three ask at once.
    await eventually(async () => expect(Number((await h.atendo.knex('flow_executions').where({ wait_kind: 'reply' }).count<{ n: string }[]>('* as n'))[0]!.n)).toBe(3), 15_000);
    const asked = Date.now();
    await Promise.all(numbers.map((n, i) => h.customerSays(n, `pergunta ${i + 1}`, 'Cliente', connection)));
    for (const [i, n] of numbers.entries()) {
      await eventually(async () => {
        const got = ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connection}/customers/${n}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages;
        expect(got.filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual([`Eco: pergunta ${i + 1}`]);
      }, 20_000);
    }
    expect(Date.now() - asked).toBeLessThan(20_000);
    expect(most).toBe(1);
  });
});
