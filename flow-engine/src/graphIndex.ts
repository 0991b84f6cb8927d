import type { FlowGraph, FlowNode } from '@atendo/contracts';

/** A graph's nodes by id and its connections by (source, port), built once per graph object. */
export interface GraphIndex {
  node(id: string): FlowNode | undefined;
  target(source: string, port: string): string | undefined;
}

const cache = new WeakMap<FlowGraph, GraphIndex>();

export function indexGraph(graph: FlowGraph): GraphIndex {
  const known = cache.get(graph);
  if (known) return known;
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const targets = new Map(graph.connections.map((c) => [portKey(c.source, c.sourceHandle), c.target]));
  const index: GraphIndex = { node: (id) => nodes.get(id), target: (source, port) => targets.get(portKey(source, port)) };
  cache.set(graph, index);
  return index;
}

const portKey = (source: string, port: string) => `${source}\u0000${port}`;
