import type { EditorField, FlowGraph, FlowNode } from '@atendo/contracts';
import { isSecretRef, SECRET_MASK, type FlowSecrets } from '@atendo/core';
import type { PluginRegistry } from '@atendo/flow-engine';

/** The paths (`typebotIntegration.apiKey`) of a block's secret fields, from its plugin's editor fields. */
function secretPaths(registry: PluginRegistry, node: FlowNode): string[] {
  const fields: EditorField[] = registry.get(node.type)?.fields ?? [];
  return fields.filter((f) => f.kind === 'secret').map((f) => f.name);
}

const read = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((here, step) => (here !== null && typeof here === 'object' ? (here as Record<string, unknown>)[step] : undefined), data);

/** A copy of `data` with `value` at `path` (objects on the way copied, not changed in place). */
function write(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...data, [head]: value };
  const inner = data[head];
  return { ...data, [head]: write(inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value) };
}

function mapSecrets(registry: PluginRegistry, graph: FlowGraph, f: (value: string, at: string) => string): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      let data = node.data;
      for (const path of secretPaths(registry, node)) {
        const value = read(data, path);
        if (typeof value === 'string' && value !== '') data = write(data, path, f(value, `${node.id}\u0000${path}`));
      }
      return data === node.data ? node : { ...node, data };
    }),
  };
}

/** The graph's references by where they stand (block and field). */
const refsAt = (registry: PluginRegistry, graph: FlowGraph | null): Map<string, string> => {
  const refs = new Map<string, string>();
  if (graph) mapSecrets(registry, graph, (v, at) => (isSecretRef(v) && refs.set(at, v), v));
  return refs;
};
const refsIn = (registry: PluginRegistry, graph: FlowGraph | null): string[] => [...refsAt(registry, graph).values()];

/**
 * A graph as it is published: each secret field's value sealed (FlowSecrets) and replaced by its reference. A mask
 * sent back unchanged (`••••abcd`, what the editor was shown) keeps the reference it stood for in the version before;
 * a reference is kept only if it is this company's. No secret reaches an event.
 */
export async function sealSecrets(registry: PluginRegistry, secrets: FlowSecrets, companyId: number, graph: FlowGraph, previous: FlowGraph | null): Promise<FlowGraph> {
  const earlierAt = refsAt(registry, previous);
  const earlier = [...earlierAt.values()];
  const sent = refsIn(registry, graph);
  const masks = await secrets.masks(companyId, [...earlier, ...sent]);
  // A mask keeps the reference that stood in the same block and field; else (a block copied) the one reference it
  // can stand for. Short secrets share the bare mask, so a mask several references show keeps none elsewhere.
  const byMask = new Map<string, string | null>();
  for (const ref of earlier) {
    const mask = masks.get(ref);
    if (mask !== undefined) byMask.set(mask, byMask.has(mask) && byMask.get(mask) !== ref ? null : ref);
  }
  const keptFor = (mask: string, at: string): string => {
    const there = earlierAt.get(at);
    if (there !== undefined && masks.get(there) === mask) return there;
    return byMask.get(mask) ?? '';
  };
  const sealed = new Map<string, string>();
  for (const node of graph.nodes) {
    for (const path of secretPaths(registry, node)) {
      const value = read(node.data, path);
      if (typeof value !== 'string' || value === '' || isSecretRef(value) || value.startsWith(SECRET_MASK) || sealed.has(value)) continue;
      sealed.set(value, await secrets.store(companyId, value));
    }
  }
  return mapSecrets(registry, graph, (value, at) => {
    if (isSecretRef(value)) return masks.has(value) ? value : '';
    if (value.startsWith(SECRET_MASK)) return keptFor(value, at);
    return sealed.get(value) ?? '';
  });
}

/** A published graph as the editor is shown it: each secret as its mask. */
export async function maskSecrets(registry: PluginRegistry, secrets: FlowSecrets, companyId: number, graph: FlowGraph): Promise<FlowGraph> {
  const masks = await secrets.masks(companyId, refsIn(registry, graph));
  return mapSecrets(registry, graph, (value) => (isSecretRef(value) ? (masks.get(value) ?? '') : value));
}
