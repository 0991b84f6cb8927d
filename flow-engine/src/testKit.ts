import type { EffectResult, FlowValidationError, IncomingMessage } from '@atendo/contracts';
import type { BlockInput, ConversationMessage, EffectContext, FlowPlugin } from './plugin.js';
import { drawsFor } from './random.js';
import { createRegistry } from './registry.js';
import { runBlock, type BlockRun } from './runBlock.js';
import { validateFlow } from './validate.js';

/**
 * For plugin authors: run one block the way the engine would (its data checked and completed by its schema, `set`
 * applied, `{{variables}}` filled in), without a graph or an execution.
 *
 *   const run = runBlockForTest(questionPlugin, { data: { … }, reply: 'Ana' });
 *   expect(run.variables.name).toBe('Ana');
 */
export interface BlockTestCase {
  data?: Record<string, unknown>;
  variables?: Record<string, string>;
  /** The contact's reply that wakes the block (otherwise the path enters it). */
  reply?: string | IncomingMessage;
  /** The result of the block's outside call that wakes it. */
  effect?: { name: string; result: EffectResult };
  /** The output ports that lead somewhere (all of them unless given). */
  connected?: string[];
  /** What `random()` answers: one number for every draw, or a function (a seeded generator unless given). */
  random?: number | (() => number);
  /** The decision's time the block sees (`at`); 2026-01-01T00:00:00.000Z unless given. */
  at?: string;
}

export const TEST_AT = '2026-01-01T00:00:00.000Z';

export function runBlockForTest(plugin: FlowPlugin, testCase: BlockTestCase = {}): BlockRun & { ok: true } {
  const { random } = testCase;
  const run = runBlock(plugin, { data: testCase.data ?? {} }, testCase.variables ?? {}, {
    input: inputOf(testCase),
    isConnected: (port) => testCase.connected?.includes(port) ?? true,
    random: typeof random === 'number' ? () => random : (random ?? drawsFor(`test:${plugin.type}`)),
    at: testCase.at ?? TEST_AT,
  });
  if (!run.ok) throw new Error(`${plugin.type} block failed: ${run.code} ${run.message}`);
  return run;
}

/** The errors the flow validator reports for this block's data alone (empty when the block can be saved). */
export function blockDataErrors(plugin: FlowPlugin, data: Record<string, unknown>): FlowValidationError[] {
  const graph = { nodes: [{ id: '1', type: plugin.type, position: { x: 0, y: 0 }, data }], connections: [] };
  return validateFlow(graph, createRegistry([plugin])).filter((e) => e.code === 'ERR_FLOW_INVALID_BLOCK');
}

function inputOf(testCase: BlockTestCase): BlockInput {
  if (testCase.reply !== undefined) {
    const message = typeof testCase.reply === 'string' ? { id: 'test-reply', body: testCase.reply } : testCase.reply;
    return { type: 'reply', message };
  }
  if (testCase.effect) return { type: 'effect', ...testCase.effect };
  return { type: 'enter' };
}

/**
 * For effect authors: an EffectContext with no runtime behind it. Secrets come from `secrets` (by reference, an unknown
 * one is an error as the runtime's would be), the history from `history` (the last `limit` of it), and stored files
 * stay in `stored`, under the URL `storeMedia` answered (`memory://1/name` …), where `fetchMedia` finds them too;
 * `importMedia` stores what `fetch` answers there, unchecked.
 */
export function effectContextForTest(options: { secrets?: Record<string, string>; history?: ConversationMessage[]; signal?: AbortSignal; fetch?: typeof fetch } = {}) {
  const stored = new Map<string, { data: Uint8Array; mimeType: string }>();
  const context: EffectContext = {
    signal: options.signal ?? new AbortController().signal,
    fetch: options.fetch ?? globalThis.fetch,
    companyId: 1,
    ticketId: 1,
    executionId: 'test-execution',
    resolveSecret: async (value) => {
      const secret = options.secrets?.[value];
      if (secret === undefined) throw new Error(`unknown secret ${value}`);
      return secret;
    },
    history: async (limit) => (limit > 0 ? (options.history ?? []).slice(-limit) : []),
    storeMedia: async (data, mimeType, name) => {
      const url = `memory://${stored.size + 1}/${name}`;
      stored.set(url, { data, mimeType });
      return url;
    },
    fetchMedia: async (url) => {
      const file = stored.get(url);
      if (!file) throw new Error(`nothing stored at ${url}`);
      return file.data;
    },
    importMedia: async (url, kind) => {
      const response = await (options.fetch ?? globalThis.fetch)(url);
      if (!response.ok) throw new Error(`media: HTTP ${response.status}`);
      return context.storeMedia(new Uint8Array(await response.arrayBuffer()), `${kind}/*`, url.split('/').pop() ?? kind);
    },
  };
  return { context, stored };
}
