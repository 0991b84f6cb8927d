import { START_NODE_ID, type BlockDescription, type EditorField, type FlowGraph } from '@atendo/contracts';
import type { Edge, Node } from 'reactflow';

/** A block on the canvas: reactflow's node with the block's type and data. */
export type BlockNode = Node<Record<string, unknown>>;

/** The width blocks are drawn with (flows.css), used for placing one before the canvas has measured it. */
export const BLOCK_WIDTH = 240;
/** Spec §4/§9: a new block goes 40 px after the last block's width; a copy 240 px right of the rightmost block. */
export const NEW_BLOCK_GAP = 40;
export const DUPLICATE_OFFSET = 240;
const FIRST_POSITION = { x: 80, y: 120 };

/**
 * The add menu's order: blocks that say their place (`menuOrder`: the spec's §2 blocks do) first, lowest first; the other
 * blocks the server knows follow, in its order.
 */
export function orderedBlocks(blocks: BlockDescription[]): BlockDescription[] {
  const rank = (b: BlockDescription) => b.menuOrder ?? Number.POSITIVE_INFINITY;
  return blocks.map((b, i) => ({ b, i })).sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i).map(({ b }) => b);
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §3: a block's id is 30 random alphanumeric characters (the start block's is "1"). */
export function randomBlockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(30));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** The start block is the one that takes no input (the engine's rule); there is one, with id "1". */
export const isStart = (block: Pick<BlockDescription, 'input'>) => !block.input;

/** Where a new block goes: right of the last block, at its height, 40 px after its width. */
export function newBlockPosition(nodes: BlockNode[]): { x: number; y: number } {
  const last = nodes[nodes.length - 1];
  if (!last) return FIRST_POSITION;
  return { x: last.position.x + (last.width || BLOCK_WIDTH) + NEW_BLOCK_GAP, y: last.position.y };
}

/** Adds a block: a start block takes id "1" and replaces the one there (its connections stay). */
export function addBlock(nodes: BlockNode[], block: BlockDescription, data: Record<string, unknown>): BlockNode[] {
  const start = isStart(block);
  const others = start ? nodes.filter((n) => n.id !== START_NODE_ID) : nodes;
  const node: BlockNode = { id: start ? START_NODE_ID : randomBlockId(), type: block.type, position: newBlockPosition(nodes), data };
  return [...others.map((n) => (n.selected ? { ...n, selected: false } : n)), node];
}

/** A copy of the block 240 px right of the rightmost block, at the original's height, unselected. */
export function duplicateBlock(nodes: BlockNode[], id: string): BlockNode[] {
  const original = nodes.find((n) => n.id === id);
  if (!original) return nodes;
  const rightmost = Math.max(...nodes.map((n) => n.position.x));
  const copy: BlockNode = { id: randomBlockId(), type: original.type, position: { x: rightmost + DUPLICATE_OFFSET, y: original.position.y }, data: structuredClone(original.data), selected: false };
  return [...nodes, copy];
}

/** Removes the block and every connection touching it. */
export function removeBlock(nodes: BlockNode[], edges: Edge[], id: string): { nodes: BlockNode[]; edges: Edge[] } {
  return { nodes: nodes.filter((n) => n.id !== id), edges: edges.filter((e) => e.source !== id && e.target !== id) };
}

export const edgeId = (source: string, sourceHandle: string, target: string) => `${source}:${sourceHandle}->${target}`;

/** The saved graph as the canvas draws it. */
export function toCanvas(graph: FlowGraph | null): { nodes: BlockNode[]; edges: Edge[] } {
  if (!graph) return { nodes: [], edges: [] };
  return {
    nodes: graph.nodes.map(({ id, type, position, data, style }) => ({ id, type, position, data: data ?? {}, ...(style ? { style } : {}) })),
    edges: graph.connections.map((c) => ({ id: edgeId(c.source, c.sourceHandle, c.target), source: c.source, sourceHandle: c.sourceHandle, target: c.target })),
  };
}

/** The canvas as the server takes it (`POST /flowbuilder/flow`, the dry run). */
export function fromCanvas(nodes: BlockNode[], edges: Edge[]): FlowGraph {
  return {
    nodes: nodes.map(({ id, type, position, data, style }) => ({ id, type: type ?? '', position: { x: position.x, y: position.y }, data, ...(style ? { style: style as Record<string, unknown> } : {}) })),
    connections: edges.map((e) => ({ source: e.source, sourceHandle: e.sourceHandle ?? 'default', target: e.target })),
  };
}

/** A path into a block's data (`typebotIntegration.answerKey`). */
export function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), data);
}

/**
 * The flow's variables (spec: the answer keys of question blocks, kept in the browser's `variables`): what every
 * `variable` field of the blocks names, whichever plugin the block comes from.
 */
export function variablesOf(nodes: BlockNode[], blocks: Map<string, BlockDescription>): string[] {
  const names = new Set<string>();
  for (const node of nodes) {
    for (const field of blocks.get(node.type ?? '')?.fields ?? []) {
      const value = field.kind === 'variable' ? valueAt(node.data, field.name) : undefined;
      if (typeof value === 'string' && value.trim()) names.add(value.trim());
    }
  }
  return [...names];
}

/** A name as a person reads it, for a block, field or port whose label key has no text yet: `http-request` → "Http request". */
export function readable(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.:]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The last part of a field's path, its own name (`typebotIntegration.message` → `message`). */
export const fieldName = (field: Pick<EditorField, 'name'>) => field.name.slice(field.name.lastIndexOf('.') + 1);

/** The data a dialog starts from: the block's defaults under what it holds. */
export function dataWithDefaults(block: BlockDescription | undefined, data: Record<string, unknown> | undefined): Record<string, unknown> {
  return structuredClone({ ...(block?.defaults ?? {}), ...(data ?? {}) });
}
