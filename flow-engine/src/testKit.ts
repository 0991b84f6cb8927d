import type { EffectResult, FlowValidationError, IncomingMessage } from '@atendo/contracts';
import type { BlockInput, FlowPlugin } from './plugin.js';
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
}

export function runBlockForTest(plugin: FlowPlugin, testCase: BlockTestCase = {}): BlockRun & { ok: true } {
  const run = runBlock(plugin, { data: testCase.data ?? {} }, testCase.variables ?? {}, inputOf(testCase), (port) => testCase.connected?.includes(port) ?? true);
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
