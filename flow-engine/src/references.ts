import type { EditorField, FlowGraph } from '@atendo/contracts';
import type { PluginRegistry } from './registry.js';
import { configOf } from './runBlock.js';

/** What a block's field names outside the graph: a queue, a person, or a stored file (`/public/<key>`). */
export type ReferenceKind = 'queue' | 'user' | 'media';

export interface BlockReference {
  nodeId: string;
  /** The field's path in the block's data, as a refusal names it (`queue`, `elements[0].value`). */
  field: string;
  kind: ReferenceKind;
  /** A queue's or a person's id, or a file's URL. */
  value: number | string;
}

/** The cards of a `sequence` field that carry a file's URL in their `value`. */
const FILE_CARDS = new Set(['img', 'audio', 'video']);

const at = (data: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), data);
const idOf = (value: unknown): number | null => {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;
  return Number.isInteger(id) ? (id as number) : null;
};

function fieldReferences(nodeId: string, fields: readonly EditorField[], data: unknown, prefix: string): BlockReference[] {
  const found: BlockReference[] = [];
  for (const f of fields) {
    const value = at(data, f.name);
    const field = `${prefix}${f.name}`;
    if (f.kind === 'queue' || f.kind === 'user') {
      const id = idOf(value);
      if (id !== null) found.push({ nodeId, field, kind: f.kind, value: id });
    } else if (f.kind === 'media') {
      if (typeof value === 'string' && value !== '') found.push({ nodeId, field, kind: 'media', value });
    } else if (f.kind === 'sequence') {
      const elements = at(data, 'elements');
      (Array.isArray(elements) ? elements : []).forEach((e: { type?: unknown; value?: unknown }, i) => {
        if (FILE_CARDS.has(String(e?.type)) && typeof e.value === 'string' && e.value !== '') found.push({ nodeId, field: `${prefix}elements[${i}].value`, kind: 'media', value: e.value });
      });
    } else if (f.kind === 'list' && f.item && Array.isArray(value)) {
      value.forEach((item, i) => found.push(...fieldReferences(nodeId, f.item!, item, `${field}[${i}].`)));
    }
  }
  return found;
}

/**
 * Every queue, person and file the graph's blocks name, read from their fields' kinds (the descriptors the editor
 * draws from), so no block is named here. For a graph that passed `validateFlow`: the data as the blocks will read it.
 */
export function referencesOf(graph: FlowGraph, registry: PluginRegistry): BlockReference[] {
  return graph.nodes.flatMap((node) => {
    const plugin = registry.get(node.type);
    return plugin ? fieldReferences(node.id, plugin.fields, configOf(plugin, node.data), '') : [];
  });
}
