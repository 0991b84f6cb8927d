import type { FlowNode } from '@atendo/contracts';
import { ValidationError } from 'yup';
import type { BlockInput, BlockNext, FlowPlugin } from './plugin.js';
import type { OutgoingMessage } from '@atendo/contracts';
import { fillInMessage } from './variables.js';

/** One run of one block, as the engine applies it: variables after `set`, messages filled in. */
export type BlockRun =
  | { ok: true; set: Record<string, string>; variables: Record<string, string>; messages: OutgoingMessage[]; next: BlockNext }
  | { ok: false; code: 'ERR_FLOW_INVALID_BLOCK' | 'ERR_FLOW_BLOCK_FAILED'; message: string };

/** The block's data checked and completed by its schema (defaults filled in). Throws yup's ValidationError. */
export function configOf(plugin: FlowPlugin, data: unknown): unknown {
  return plugin.schema.validateSync({ ...plugin.defaults, ...(data as object) }, { abortEarly: false });
}

/** What the engine lends one run besides the block's data and variables. */
export interface RunScope {
  input: BlockInput;
  isConnected(port: string): boolean;
  random(): number;
  at: string;
}

type Checked = { config: unknown } | { message: string };

/** The block's data checked by its plugin's schema, or why it is refused. */
function check(plugin: FlowPlugin, data: unknown): Checked {
  try {
    return { config: configOf(plugin, data) };
  } catch (error) {
    return { message: error instanceof ValidationError ? error.errors.join(', ') : String(error) };
  }
}

/**
 * Checks kept by block data and plugin: a published version's nodes do not change, and checking a block's data with
 * its schema on every step cost more than running most blocks.
 */
const checked = new WeakMap<object, Map<FlowPlugin, Checked>>();

function checkedConfig(plugin: FlowPlugin, data: unknown): Checked {
  if (typeof data !== 'object' || data === null) return check(plugin, data);
  let byPlugin = checked.get(data);
  if (!byPlugin) checked.set(data, (byPlugin = new Map()));
  let outcome = byPlugin.get(plugin);
  if (!outcome) byPlugin.set(plugin, (outcome = check(plugin, data)));
  return outcome;
}

export function runBlock(plugin: FlowPlugin, node: Pick<FlowNode, 'data'>, variables: Readonly<Record<string, string>>, scope: RunScope): BlockRun {
  const check = checkedConfig(plugin, node.data);
  if ('message' in check) return { ok: false, code: 'ERR_FLOW_INVALID_BLOCK', message: check.message };
  const config = check.config as object;
  try {
    const { input, isConnected, random, at } = scope;
    const outcome = plugin.run({ config, variables, input, isConnected, random, at });
    const set = { ...outcome.set };
    const after = { ...variables, ...set };
    return { ok: true, set, variables: after, messages: (outcome.send ?? []).map((m) => fillInMessage(m, after)), next: outcome.next };
  } catch (error) {
    return { ok: false, code: 'ERR_FLOW_BLOCK_FAILED', message: error instanceof Error ? error.message : String(error) };
  }
}
