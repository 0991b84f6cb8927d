import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowExecutionEvent, FlowVersion } from '@atendo/contracts';
import {
  discoverPlugins, effectContextForTest, findPluginPackages, flowExecution, performEffect, validateFlow, type FlowCommand, type PluginRegistry,
} from '@atendo/flow-engine';
import { performHttpRequest } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const repoRoot = resolve(here, '../../../..');

let registry: PluginRegistry;
let server: Server;
let base: string;

beforeAll(async () => {
  // What the server will do at boot: nothing here names this block.
  registry = await discoverPlugins(repoRoot);
  server = createServer((req, res) => {
    if (req.url === '/orders/42') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ order: { id: 42, status: 'shipped' } }));
    } else {
      res.writeHead(503);
      res.end('maintenance');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

describe('the example plugin, installed as a package', () => {
  it('is found by the engine’s discovery next to the built-in blocks, from its own directory', async () => {
    expect(await findPluginPackages(repoRoot)).toContain(packageDir);
    const types = registry.list().map((p) => p.type);
    expect(types).toContain('http-request');
    expect(types).toEqual(expect.arrayContaining(['start', 'message', 'menu', 'question', 'condition']));
    expect(registry.performer('http-request')).toBe(performHttpRequest);
  });

  it('describes itself to the console as JSON: its fields, its two ports, its defaults, its words', () => {
    const descriptions = JSON.parse(JSON.stringify(registry.descriptions())) as Array<Record<string, any>>;
    const block = descriptions.find((d) => d.type === 'http-request');
    expect(block).toBeDefined();
    expect(Object.keys(block!).sort()).toEqual(['defaults', 'description', 'fields', 'icon', 'input', 'label', 'outputs', 'texts', 'type', 'waits']);
    expect(block!.outputs.map((p: { name: string }) => p.name)).toEqual(['success', 'error']);
    expect(block!.fields.map((f: { name: string; kind: string }) => `${f.name}:${f.kind}`)).toEqual([
      'method:select', 'url:text', 'headers:list', 'body:textarea', 'saveAs:variable', 'jsonPath:text', 'timeoutSeconds:number',
    ]);
    expect(block!.fields[0].choices.map((c: { value: string }) => c.value)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(block!.fields[2].item.map((f: { name: string }) => f.name)).toEqual(['name', 'value']);
    expect(block!.fields[6]).toMatchObject({ min: 1, max: 30 });
    expect(block!).toMatchObject({ input: true, waits: true, defaults: { method: 'GET', timeoutSeconds: 10, headers: [] } });
    // An outside package ships its own words: the console shows it in every language without a change of its own.
    expect(block!.texts).toMatchObject({ pt: { 'httpRequest.block': 'Requisição HTTP' }, en: { 'httpRequest.block': 'HTTP request' }, es: { 'httpRequest.block': 'Petición HTTP' } });
  });

  describe('runs in a flow, through the engine’s decider, against a real server', () => {
    const flow = (path: string): FlowVersion => ({
      flowId: 7,
      version: 1,
      graph: {
        nodes: [
          { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
          { id: 'call', type: 'http-request', position: { x: 0, y: 100 }, data: { url: `${base}${path}`, saveAs: 'status', jsonPath: 'order.status', timeoutSeconds: 2 } },
          { id: 'ok', type: 'message', position: { x: 0, y: 200 }, data: { label: 'Your order is {{status}}.' } },
          { id: 'ko', type: 'message', position: { x: 200, y: 200 }, data: { label: 'We could not look your order up.' } },
        ],
        connections: [
          { source: '1', sourceHandle: 'default', target: 'call' },
          { source: 'call', sourceHandle: 'success', target: 'ok' },
          { source: 'call', sourceHandle: 'error', target: 'ko' },
        ],
      },
    });
    const AT = '2026-11-27T12:00:00.000Z';

    /** Start the flow, carry out the effect it asks for as the runtime will (by its name) and hand back the result. */
    async function walk(version: FlowVersion) {
      const engine = flowExecution({ registry });
      const first = engine.decide({ type: 'StartFlow', executionId: 'e1', flow: version, ticketId: 1, contactId: 1, at: AT }, engine.initialState());
      const state = first.reduce(engine.evolve, engine.initialState());
      const asked = first.find((e): e is Extract<FlowExecutionEvent, { type: 'EffectRequested' }> => e.type === 'EffectRequested');
      expect(asked?.data).toMatchObject({ nodeId: 'call', name: 'http-request' });
      const { name, input } = asked!.data;
      const result = await performEffect(registry.performer(name), name, input, effectContextForTest().context);
      const completed: FlowCommand = { type: 'EffectCompleted', flow: version, waitId: asked!.data.waitId, result, at: AT };
      return engine.decide(completed, state);
    }

    it('saves with validation, and a 200 answer leads to success with the value saved', async () => {
      expect(validateFlow(flow('/orders/42').graph, registry)).toEqual([]);
      const events = await walk(flow('/orders/42'));
      expect(events).toContainEqual({ type: 'VariableSet', data: { name: 'status', value: 'shipped' } });
      expect(events).toContainEqual({ type: 'MessagesRequested', data: { nodeId: 'ok', messages: [{ kind: 'text', body: 'Your order is shipped.', typingMs: 1000 }] } });
      expect(events.at(-1)).toEqual({ type: 'FlowFinished', data: { reason: 'end', nodeId: 'ok' } });
    });

    it('a 503 answer leads to error', async () => {
      const events = await walk(flow('/orders/43'));
      expect(events).toContainEqual({ type: 'BlockEntered', data: { nodeId: 'ko', blockType: 'message' } });
      expect(events.some((e) => e.type === 'BlockEntered' && e.data.nodeId === 'ok')).toBe(false);
    });
  });
});
