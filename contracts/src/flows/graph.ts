/**
 * A flow as the designer draws it and the engine runs it (issue 13). Blocks are nodes; a connection leaves a block
 * by one of its named output ports (`sourceHandle`, reactflow's word) and enters the target's single input.
 */
export interface FlowPosition {
  x: number;
  y: number;
}

export interface FlowNode<D = Record<string, unknown>> {
  /** "1" for the start block; a random id for the others. */
  id: string;
  /** The plugin's block type (`message`, `menu`, … or an installed plugin's). */
  type: string;
  position: FlowPosition;
  /** The block's configuration, checked against its plugin's schema. */
  data: D;
  style?: Record<string, unknown>;
}

export interface FlowConnection {
  source: string;
  /** The output port of the source block the path leaves by. */
  sourceHandle: string;
  target: string;
}

export interface FlowGraph {
  nodes: FlowNode[];
  connections: FlowConnection[];
}

/** A published version of a flow: what an execution starts on and finishes on. */
export interface FlowVersion {
  flowId: number;
  version: number;
  graph: FlowGraph;
}

/** Every flow has exactly one start block, and it has this id. */
export const START_NODE_ID = '1';
