import { START_NODE_ID, outputPortsOf, type FlowGraph, type FlowNode, type FlowValidationError } from '@atendo/contracts';
import { ValidationError } from 'yup';
import type { PluginRegistry } from './registry.js';
import { configOf } from './runBlock.js';
import type { FlowPlugin } from './plugin.js';

/**
 * Why a flow cannot be saved, each reason tied to its block; empty when it can. The start is the one block that takes
 * no input (its plugin says `input: false`), and it must have id "1". Every block's data must pass its plugin's
 * schema, every connection must join two blocks by ports they have, each port leads to one place, required ports lead
 * somewhere, and every cycle passes through a block that waits (otherwise a contact's message would spin it forever).
 */
export function validateFlow(graph: FlowGraph, registry: PluginRegistry): FlowValidationError[] {
  const errors: FlowValidationError[] = [];
  const nodes = new Map<string, FlowNode>();
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) errors.push({ code: 'ERR_FLOW_DUPLICATE_BLOCK', nodeId: node.id, message: `two blocks have the id "${node.id}"` });
    else nodes.set(node.id, node);
  }
  const plugins = new Map<string, FlowPlugin>();
  for (const node of nodes.values()) {
    const plugin = registry.get(node.type);
    if (!plugin) {
      errors.push({ code: 'ERR_FLOW_UNKNOWN_BLOCK', nodeId: node.id, message: `no installed plugin runs blocks of type "${node.type}"` });
      continue;
    }
    plugins.set(node.id, plugin);
    errors.push(...configErrors(node, plugin));
  }
  errors.push(...startErrors(nodes, plugins));

  const connected = new Map<string, string[]>();
  const used = new Set<string>();
  for (const c of graph.connections) {
    const source = nodes.get(c.source);
    const target = nodes.get(c.target);
    if (!source || !target) {
      const missing = source ? c.target : c.source;
      errors.push({ code: 'ERR_FLOW_DANGLING_CONNECTION', nodeId: source ? c.source : target ? c.target : null, message: `a connection joins block "${missing}", which does not exist` });
      continue;
    }
    const sourcePlugin = plugins.get(source.id);
    const targetPlugin = plugins.get(target.id);
    if (!sourcePlugin || !targetPlugin) continue;
    if (!outputPortsOf(sourcePlugin, source.data).some((p) => p.name === c.sourceHandle)) {
      errors.push({ code: 'ERR_FLOW_UNKNOWN_PORT', nodeId: source.id, message: `block "${source.id}" (${source.type}) has no output "${c.sourceHandle}"` });
      continue;
    }
    if (!targetPlugin.input) {
      errors.push({ code: 'ERR_FLOW_UNKNOWN_PORT', nodeId: target.id, message: `block "${target.id}" (${target.type}) takes no input` });
      continue;
    }
    const key = `${source.id}\u0000${c.sourceHandle}`;
    if (used.has(key)) {
      errors.push({ code: 'ERR_FLOW_PORT_TWICE', nodeId: source.id, message: `output "${c.sourceHandle}" of block "${source.id}" leads to more than one block` });
      continue;
    }
    used.add(key);
    connected.set(source.id, [...(connected.get(source.id) ?? []), target.id]);
  }

  for (const [id, plugin] of plugins) {
    for (const port of outputPortsOf(plugin, nodes.get(id)!.data)) {
      if (port.required && !used.has(`${id}\u0000${port.name}`)) {
        errors.push({ code: 'ERR_FLOW_PORT_UNCONNECTED', nodeId: id, message: `output "${port.name}" of block "${id}" leads nowhere` });
      }
    }
  }
  errors.push(...loopErrors(nodes, plugins, connected));
  return errors;
}

function configErrors(node: FlowNode, plugin: FlowPlugin): FlowValidationError[] {
  try {
    configOf(plugin, node.data);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const each = error.inner.length > 0 ? error.inner : [error];
    return each.map((e) => ({
      code: 'ERR_FLOW_INVALID_BLOCK' as const,
      nodeId: node.id,
      field: e.path ?? '',
      message: `block "${node.id}" (${node.type}): ${e.path ? `${e.path}: ` : ''}${e.message}`,
    }));
  }
}

function startErrors(nodes: Map<string, FlowNode>, plugins: Map<string, FlowPlugin>): FlowValidationError[] {
  const starts = [...plugins].filter(([, plugin]) => !plugin.input).map(([id]) => id);
  if (starts.length === 0) return [{ code: 'ERR_FLOW_NO_START', nodeId: null, message: 'the flow has no start block' }];
  const errors: FlowValidationError[] = starts
    .filter((id) => id !== START_NODE_ID)
    .map((id) => ({ code: 'ERR_FLOW_START_NOT_FIRST', nodeId: id, message: `block "${id}" is a start block; the flow's only start is block "${START_NODE_ID}"` }));
  if (!starts.includes(START_NODE_ID)) {
    const first = nodes.get(START_NODE_ID);
    errors.push(
      first
        ? { code: 'ERR_FLOW_START_NOT_FIRST', nodeId: START_NODE_ID, message: `block "${START_NODE_ID}" must be the start block, not a ${first.type} block` }
        : { code: 'ERR_FLOW_NO_START', nodeId: null, message: `the flow has no block "${START_NODE_ID}" to start from` },
    );
  }
  return errors;
}

/**
 * Cycles among blocks that never wait: a depth-first walk (with its own stack, so 10,000 blocks do not overflow the
 * call stack) that skips waiting blocks; an edge back into a block still on the walk closes such a cycle.
 */
function loopErrors(nodes: Map<string, FlowNode>, plugins: Map<string, FlowPlugin>, next: Map<string, string[]>): FlowValidationError[] {
  const spins = (id: string) => plugins.has(id) && !plugins.get(id)!.waits;
  const state = new Map<string, 'open' | 'done'>();
  const reported = new Set<string>();
  const errors: FlowValidationError[] = [];
  for (const root of nodes.keys()) {
    if (!spins(root) || state.has(root)) continue;
    const frame = (id: string) => ({ id, i: 0, targets: (next.get(id) ?? []).filter(spins) });
    const stack = [frame(root)];
    state.set(root, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= top.targets.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const target = top.targets[top.i++]!;
      if (state.get(target) === 'open' && !reported.has(target)) {
        reported.add(target);
        errors.push({ code: 'ERR_FLOW_LOOP_WITHOUT_WAIT', nodeId: target, message: `block "${target}" is on a loop that never waits for the contact` });
      } else if (!state.has(target)) {
        state.set(target, 'open');
        stack.push(frame(target));
      }
    }
  }
  return errors;
}
