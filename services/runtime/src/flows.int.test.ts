import { describe, expect, it } from 'vitest';
import type { Flow, FlowCampaign, FlowDocument, FlowGraph, FlowSaved, Queue } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import type { Harness } from './testing/harness.js';
import { harnessSuite, simulatedCustomer } from './testing/suite.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Flows end to end (issue 13): a designer saves a flow, a phrase campaign starts it when a customer writes the
 * phrase through the simulator, and the customer's phone receives, word for word, what the blocks send; the ticket
 * ends in the queue the flow hands it to. A person taking the ticket silences the flow; an inactive campaign never
 * fires; a restart of the runner in the middle of a wait resumes it.
 */
describe('flows through the simulator', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;
  let vendas: Queue;
  let customers = 0;

  const node = (id: string, type: string, data: Record<string, unknown>, x = 0): FlowGraph['nodes'][number] => ({ id, type, position: { x, y: 0 }, data });
  const edge = (source: string, sourceHandle: string, target: string) => ({ source, sourceHandle, target });

  /** start → greeting → menu; 1: e-mail question → condition (contains @) → thanks → hand-over to Vendas; 2: pause → bye. */
  const salesGraph = (): FlowGraph => ({
    nodes: [
      node('1', 'start', { label: 'Inicio do fluxo' }),
      node('greet', 'message', { label: 'Olá {{firstName}}!', typingMs: 0 }),
      node('menu', 'menu', { message: 'Como podemos ajudar?', arrayOption: [{ number: 1, value: 'Comprar' }, { number: 2, value: 'Nada' }] }),
      node('email', 'question', { typebotIntegration: { message: 'Qual é o seu e-mail?', answerKey: 'email' } }),
      node('check', 'condition', { key: 'email', condition: 'contains', value: '@' }),
      node('thanks', 'message', { label: 'Obrigado, {{email}}! Um vendedor já vem.', typingMs: 0 }),
      node('bad', 'message', { label: 'Esse e-mail não parece certo.', typingMs: 0 }),
      node('handover', 'ticket', { queue: { id: vendas.id, name: vendas.name } }),
      node('pause', 'interval', { sec: 1 }),
      node('bye', 'message', { label: 'Até logo!', typingMs: 0 }),
    ],
    connections: [
      edge('1', 'default', 'greet'),
      edge('greet', 'default', 'menu'),
      edge('menu', 'option:1', 'email'),
      edge('menu', 'option:2', 'pause'),
      edge('email', 'default', 'check'),
      edge('check', 'true', 'thanks'),
      edge('check', 'false', 'bad'),
      edge('thanks', 'default', 'handover'),
      edge('pause', 'default', 'bye'),
    ],
  });

  const saved = async (name: string, graph: FlowGraph) => {
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name } })).body;
    const save = await h.api<FlowSaved>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
    expect(save.status).toBe(200);
    return flow;
  };

  harnessSuite({}, async (platform) => {
    ({ h, token } = platform);
    vendas = (await h.api<Queue>('/queue', { token, body: { name: 'Vendas', color: '#4caf50', greetingMessage: 'Vendas aqui.', orderQueue: 1 } })).body;
    const created = await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'Loja', channel: 'simulator', greetingMessage: '', queueIds: [] } });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    await h.pair(connectionId);
  });

  function customer() {
    const number = `55119555${String(++customers).padStart(5, '0')}`;
    const phone = simulatedCustomer(h, { connectionId, number, name: 'Cliente Silva' });
    return {
      number,
      says: phone.says,
      saysToNoOne: (text: string) => phone.saysToNoOne(text),
      ticket: async () => {
        const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', number).orderBy('t.id', 'desc').first('t.id', 't.queue_id', 't.status', 't.user_id');
        return { id: Number(row.id), queueId: row.queue_id === null ? null : Number(row.queue_id), status: row.status as string, userId: row.user_id === null ? null : Number(row.user_id) };
      },
    };
  }

  it('a phrase starts the flow; its blocks talk, ask, check and hand the ticket to the queue', async () => {
    const flow = await saved('Vendas', salesGraph());
    const campaign = await h.api<FlowCampaign>('/flowcampaign', { token, body: { name: 'Compras', flowId: flow.id, whatsappId: connectionId, phrase: 'Quero comprar' } });
    expect(campaign.status).toBe(201);
    expect(campaign.body).toMatchObject({ phrase: 'Quero comprar', status: true });

    const ana = customer();
    // The whole message, case, accents and spacing aside.
    expect(await ana.says('  QUERO   comprar ', 2)).toEqual(['Olá Cliente!', 'Como podemos ajudar?\n\n*1* - Comprar\n*2* - Nada']);
    expect(await ana.says('1')).toEqual(['Qual é o seu e-mail?']);
    expect(await ana.says('ana@example.com')).toEqual(['Obrigado, ana@example.com! Um vendedor já vem.']);
    await eventually(async () => expect(await ana.ticket()).toMatchObject({ queueId: vendas.id, status: 'pending', userId: null }));
    // Handed over: the flow is done; the customer's next message goes to no flow.
    await ana.saysToNoOne('alô?');
    const execution = await eventually(async () => {
      const row = await h.atendo.knex('flow_executions').where({ ticket_id: (await ana.ticket()).id }).first();
      expect(row?.status).toBe('ended');
      return row;
    });
    expect(execution.outcome).toBe('handedOver');
    // The read model's row adds up what the execution's events say, across the batches they came in.
    const history = await h.atendo.store.readStream(`flowExecution-${execution.company_id}.${execution.execution_id}`);
    const entered = history.filter((e) => e.type === 'BlockEntered');
    expect(entered.length).toBeGreaterThan(4);
    expect(execution).toMatchObject({ steps: entered.length, node_id: (entered.at(-1)!.data as { nodeId: string }).nodeId, wait_kind: null, wait_id: null, due_at: null, flow_id: flow.id });
  });

  it('a part of the phrase, or an inactive campaign, starts nothing', async () => {
    const flow = await saved('Silêncio', salesGraph());
    const campaign = (await h.api<FlowCampaign>('/flowcampaign', { token, body: { name: 'Off', flowId: flow.id, whatsappId: connectionId, phrase: 'promoção de natal', status: false } })).body;
    const bia = customer();
    await bia.saysToNoOne('promocao de natal');
    await bia.saysToNoOne('quero comprar agora');
    // Switched on: the same phrase starts it (the gateway reads campaigns again within a second).
    await h.api('/flowcampaign', { method: 'PUT', token, body: { ...campaign, status: true } });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await bia.says('Promoção de Natal', 2)).toEqual(['Olá Cliente!', 'Como podemos ajudar?\n\n*1* - Comprar\n*2* - Nada']);
  });

  it('a person accepting the ticket silences the flow: the customer’s answer reaches only the agent', async () => {
    const caio = customer();
    expect(await caio.says('quero comprar', 2)).toHaveLength(2);
    const ticket = await caio.ticket();
    const accepted = await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open' } });
    expect(accepted.status).toBe(200);
    await caio.saysToNoOne('1');
    await eventually(async () => {
      const row = await h.atendo.knex('flow_executions').where({ ticket_id: ticket.id }).first();
      expect(row).toMatchObject({ status: 'ended', outcome: 'stopped' });
    });
  });

  it('a restart of the runner in the middle of a wait resumes where the flow stood', async () => {
    const duda = customer();
    expect(await duda.says('quero comprar', 2)).toHaveLength(2);
    const runner = h.atendo.processes.get('flows')!;
    await runner.stop();
    // While the runner is down the answer is recorded and routed to the flow in the log; nothing is sent yet.
    await duda.saysToNoOne('2');
    runner.start();
    // The interval (1 s) then the goodbye: from the log, after the restart.
    await eventually(async () => {
      const all = ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${duda.number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages;
      expect(all.filter((m) => m.sender === 'platform').map((m) => m.body).at(-1)).toBe('Até logo!');
    }, 15_000);
  });

  it('a flow that cannot run is refused with the block and the reason; a hostile graph does not crash anything', async () => {
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Quebrado' } })).body;
    const graph = salesGraph();
    graph.nodes = graph.nodes.map((n) => (n.id === 'email' ? { ...n, data: { typebotIntegration: { message: '', answerKey: '' } } } : n));
    graph.connections = graph.connections.filter((c) => c.sourceHandle !== 'option:2');
    const refused = await h.api<{ error: string; details: Array<{ code: string; nodeId: string }> }>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_FLOW_INVALID');
    expect(refused.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'ERR_FLOW_INVALID_BLOCK', nodeId: 'email' }), expect.objectContaining({ code: 'ERR_FLOW_PORT_UNCONNECTED', nodeId: 'menu' })]),
    );
    // Never saved: still no graph.
    expect((await h.api<FlowDocument>(`/flowbuilder/flow/${flow.id}`, { token })).body.flow.flow).toBeNull();
    // Unknown types, a loop with no wait, 10,000 blocks: 400s, never a 500.
    const loop = { nodes: [node('1', 'start', {}), node('a', 'message', { label: 'x' }), node('b', 'nonsense', {})], connections: [edge('1', 'default', 'a'), edge('a', 'default', 'a')] };
    expect((await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...loop } })).status).toBe(400);
    const huge = { nodes: Array.from({ length: 10_000 }, (_, i) => node(String(i + 1), 'message', { label: 'x' })), connections: [] };
    const tooBig = await h.api<{ error: string }>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...huge } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe('ERR_VALIDATION');
  });

  it('versions: saving publishes the next; a dry run shows the path and what would be sent, sending nothing', async () => {
    const flow = await saved('Versões', salesGraph());
    const again = await h.api<FlowSaved>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...salesGraph() } });
    expect(again.body.version).toBe(2);
    const run = await h.api<{ steps: Array<{ message: string | null; path: Array<{ nodeId: string }>; sent: Array<{ body?: string }>; waiting: string | null; handOver: unknown; variables: Record<string, string> }> }>(
      '/flowbuilder/dry-run',
      { token, body: { ...salesGraph(), messages: ['1', 'bob@example.com'], variables: { firstName: 'Bob' } } },
    );
    expect(run.status).toBe(200);
    const [start, one, email] = run.body.steps;
    expect(start!.path.map((p) => p.nodeId)).toEqual(['1', 'greet', 'menu']);
    expect(start!.sent.map((m) => m.body)).toEqual(['Olá Bob!', 'Como podemos ajudar?\n\n*1* - Comprar\n*2* - Nada']);
    expect(one!.path.map((p) => p.nodeId)).toEqual(['email']);
    expect(email).toMatchObject({ handOver: { queueId: vendas.id }, variables: { email: 'bob@example.com' }, waiting: null });
    expect(email!.path.map((p) => p.nodeId)).toEqual(['check', 'thanks', 'handover']);
  });

  it("an OpenAI block's key is sealed: the log and the editor never see it whole, and a save with the mask keeps it", async () => {
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'IA' } })).body;
    const ai = (apiKey: string): FlowGraph => ({
      nodes: [
        node('1', 'start', {}),
        node('ai', 'openai', { typebotIntegration: { name: 'Atendente', apiKey, prompt: 'Você é um atendente educado da loja.', model: 'gpt-4o-mini', voice: 'texto', temperature: 1, maxTokens: 100, maxMessages: 10 } }),
      ],
      connections: [edge('1', 'default', 'ai')],
    });
    const save = await h.api<{ error?: string; message?: string }>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...ai('sk-test-secret-9876') } });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const shown = (await h.api<FlowDocument>(`/flowbuilder/flow/${flow.id}`, { token })).body.flow.flow!;
    const key = (g: FlowGraph) => (g.nodes.find((n) => n.id === 'ai')!.data.typebotIntegration as { apiKey: string }).apiKey;
    expect(key(shown)).toBe('••••9876');
    // Saved again as shown: the same sealed key stays (not the mask, not nothing).
    expect((await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...shown } })).status).toBe(200);
    const versions = (await h.atendo.knex('flow_versions').where({ flow_id: flow.id }).orderBy('version')) as Array<{ graph: FlowGraph }>;
    expect(versions).toHaveLength(2);
    expect(key(versions[1]!.graph)).toMatch(/^secret:[0-9a-f-]{36}$/);
    expect(key(versions[1]!.graph)).toBe(key(versions[0]!.graph));
    const log = JSON.stringify((await h.atendo.knex('events').select('data')).map((r: { data: unknown }) => r.data));
    expect(log).not.toContain('sk-test-secret-9876');
  });

  it('two blocks with short keys: the editor sees the mask alone, and a save as shown keeps each block its own key', async () => {
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'IA curta' } })).body;
    const block = (id: string, apiKey: string) =>
      node(id, 'openai', { typebotIntegration: { name: id, apiKey, prompt: 'Você é um atendente educado da loja.', model: 'gpt-4o-mini', voice: 'texto', temperature: 1, maxTokens: 100, maxMessages: 10 } });
    const graph: FlowGraph = { nodes: [node('1', 'start', {}), block('a', 'sk-aaaa'), block('b', 'sk-bbbbbb')], connections: [edge('1', 'default', 'a')] };
    const saved = await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const shown = (await h.api<FlowDocument>(`/flowbuilder/flow/${flow.id}`, { token })).body.flow.flow!;
    const key = (g: FlowGraph, id: string) => (g.nodes.find((n) => n.id === id)!.data.typebotIntegration as { apiKey: string }).apiKey;
    expect([key(shown, 'a'), key(shown, 'b')]).toEqual(['••••', '••••']);
    expect((await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...shown } })).status).toBe(200);
    const [first, second] = (await h.atendo.knex('flow_versions').where({ flow_id: flow.id }).orderBy('version')) as Array<{ graph: FlowGraph }>;
    expect(key(first!.graph, 'a')).not.toBe(key(first!.graph, 'b'));
    expect([key(second!.graph, 'a'), key(second!.graph, 'b')]).toEqual([key(first!.graph, 'a'), key(first!.graph, 'b')]);
  });

  it("another company's flows and connections are out of reach, whatever field names them", async () => {
    const b = await addCompany(h, 'Flows B');
    const tokenB = (await h.login(b.email, b.password)).token;
    const theirs = (await h.api<Flow>('/flowbuilder', { token: tokenB, body: { name: 'Fluxo da B' } })).body;
    const theirCampaign = (await h.api<FlowCampaign>('/flowcampaign', { token: tokenB, body: { name: 'Da B', flowId: theirs.id, whatsappId: b.whatsappId, phrase: 'oi b' } })).body;
    const mine = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Meu' } })).body;
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', '/flowbuilder', { flowId: theirs.id, name: 'intrusion' }],
      ['POST', '/flowbuilder/duplicate', { flowId: theirs.id }],
      ['POST', '/flowbuilder/flow', { idFlow: theirs.id, nodes: [node('1', 'start', {})], connections: [] }],
      ['POST', '/flowcampaign', { name: 'x', flowId: theirs.id, whatsappId: connectionId, phrase: 'x' }],
      ['POST', '/flowcampaign', { name: 'x', flowId: mine.id, whatsappId: b.whatsappId, phrase: 'x' }],
      ['PUT', '/flowcampaign', { ...theirCampaign, name: 'intrusion' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await h.api(path, { method, token, body });
      expect([400, 404], `${method} ${path} ${JSON.stringify(body)}`).toContain(res.status);
    }
    expect((await h.api<Flow>(`/flowbuilder/flow/${theirs.id}`, { token: tokenB })).body).toMatchObject({ flow: { name: 'Fluxo da B', version: 0 } });
    expect((await h.api<FlowCampaign>(`/flowcampaign/${theirCampaign.id}`, { token: tokenB })).body.name).toBe('Da B');
  });

  it("a flow naming another company's queue or file, or a file from elsewhere, is refused at save, naming the block and the field", async () => {
    const b = await addCompany(h, 'Flows refs B');
    const tokenB = (await h.login(b.email, b.password)).token;
    const theirQueue = (await h.api<Queue>('/queue', { token: tokenB, body: { name: 'Fila da B', color: '#0b0b0b' } })).body;
    const upload = async (who: string) => {
      const form = new FormData();
      form.append('medias', new Blob([PNG], { type: 'image/png' }), 'logo.png');
      const res = await fetch(`${h.url}/flowbuilder/img`, { method: 'POST', headers: { authorization: `Bearer ${who}` }, body: form });
      expect(res.status).toBe(201);
      return ((await res.json()) as { url: string }).url;
    };
    const theirFile = await upload(tokenB);
    const myFile = await upload(token);
    const flow = (await h.api<Flow>('/flowbuilder', { token, body: { name: 'Referências' } })).body;
    const graphWith = (block: FlowGraph['nodes'][number]): FlowGraph => ({ nodes: [node('1', 'start', {}), block], connections: [edge('1', 'default', block.id)] });
    const card = (value: string) => ({ seq: ['img1'], elements: [{ type: 'img', number: 'img1', value, original: 'logo.png', record: false }] });
    const openai = (queue: Queue) => ({
      typebotIntegration: { name: 'IA', apiKey: 'sk-test-0000', prompt: 'Atenda.', model: 'gpt-4o-mini', voice: 'texto', temperature: 1, maxTokens: 100, maxMessages: 10 },
      queue: { id: queue.id, name: queue.name },
    });
    const refused: Array<[FlowGraph['nodes'][number], string]> = [
      [node('handover', 'ticket', { queue: { id: theirQueue.id, name: 'Fila da B' } }), 'queue'],
      [node('handover', 'ticket', { queue: { id: 999_999, name: 'Nenhuma' } }), 'queue'],
      [node('ai', 'openai', openai(theirQueue)), 'queue'],
      [node('pic', 'img', { url: theirFile }), 'url'],
      [node('pic', 'img', { url: 'https://cdn.example.test/logo.png' }), 'url'],
      [node('pic', 'video', { url: '/public/company-1/2026/01/nao-existe-0000000.mp4' }), 'url'],
      [node('cards', 'content', card(theirFile)), 'elements[0].value'],
    ];
    for (const [block, field] of refused) {
      const res = await h.api<{ error: string; details: Array<{ nodeId: string; field?: string }> }>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graphWith(block) } });
      expect(res.status, JSON.stringify(block.data)).toBe(400);
      expect(res.body.error).toBe('ERR_FLOW_INVALID');
      expect(res.body.details, JSON.stringify(block.data)).toContainEqual(expect.objectContaining({ nodeId: block.id, field }));
    }
    expect((await h.api<FlowDocument>(`/flowbuilder/flow/${flow.id}`, { token })).body.flow).toMatchObject({ version: 0, flow: null });
    // The same blocks with the company's own queue and file are saved.
    for (const block of [node('handover', 'ticket', { queue: { id: vendas.id, name: vendas.name } }), node('pic', 'img', { url: myFile }), node('cards', 'content', card(myFile)), node('ai', 'openai', openai(vendas))]) {
      const res = await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graphWith(block) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it("a content block's interval holds the messages after it back that long, and the hand-over comes after them", async () => {
    const cards = [
      { type: 'message', value: 'Veja nosso cardápio:' },
      { type: 'interval', value: '2' },
      { type: 'message', value: 'Pizza de calabresa' },
    ].map((c, i) => ({ number: `${c.type}${i + 1}`, original: '', record: false, ...c }));
    const flow = await saved('Cardápio', {
      nodes: [node('1', 'start', {}), node('menu', 'content', { seq: cards.map((c) => c.number), elements: cards }), node('handover', 'ticket', { queue: { id: vendas.id, name: vendas.name } })],
      connections: [edge('1', 'default', 'menu'), edge('menu', 'default', 'handover')],
    });
    await h.api('/flowcampaign', { token, body: { name: 'Cardápio', flowId: flow.id, whatsappId: connectionId, phrase: 'cardapio' } });
    await new Promise((r) => setTimeout(r, 1_100));
    const eva = customer();
    const sent = Date.now();
    expect(await eva.says('Cardápio', 1)).toEqual(['Veja nosso cardápio:']);
    // Not yet: the pause is 2 s, and the ticket stays the flow's until its last words are out.
    expect((await eva.ticket()).queueId).toBeNull();
    const later = await eventually(async () => {
      const all = ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${eva.number}/messages`)).json()) as { messages: Array<{ sender: string; body: string; timestamp?: number }> }).messages.filter((m) => m.sender === 'platform');
      expect(all.map((m) => m.body)).toEqual(['Veja nosso cardápio:', 'Pizza de calabresa']);
      return Date.now();
    }, 15_000);
    expect(later - sent).toBeGreaterThanOrEqual(2_000);
    await eventually(async () => expect(await eva.ticket()).toMatchObject({ queueId: vendas.id, status: 'pending' }));
  });
});
