import type { BlockDescription } from '@atendo/contracts';
import { useMemo } from 'react';
import ReactFlow, { Background, BackgroundVariant, Controls, MiniMap, type Connection, type Edge, type EdgeChange, type NodeChange, type NodeTypes, type ReactFlowInstance } from 'reactflow';
import 'reactflow/dist/style.css';
import { BlockNodeView } from './BlockNodeView';
import type { BlockNode } from './graph';

/** Spec §9: Backspace and Delete remove the selection. */
const DELETE_KEYS = ['Backspace', 'Delete'];

interface FlowCanvasProps {
  blocks: BlockDescription[];
  nodes: BlockNode[];
  edges: Edge[];
  onNodesChange(changes: NodeChange[]): void;
  onEdgesChange(changes: EdgeChange[]): void;
  onConnect(connection: Connection): void;
  onEdit(nodeId: string): void;
  onEdgeClick(): void;
  onInit(instance: ReactFlowInstance): void;
}

/** The canvas: pan, zoom, minimap, controls and a dotted background; every block type drawn by the one generic node. */
export function FlowCanvas({ blocks, nodes, edges, onNodesChange, onEdgesChange, onConnect, onEdit, onEdgeClick, onInit }: FlowCanvasProps) {
  // Block types on the canvas that the server no longer knows are drawn by the same node, which says so.
  const typeKey = [...new Set([...blocks.map((b) => b.type), ...nodes.map((n) => n.type ?? '')])].sort().join('\n');
  const nodeTypes = useMemo<NodeTypes>(() => Object.fromEntries(typeKey.split('\n').map((type) => [type, BlockNodeView])), [typeKey]);
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onNodeDoubleClick={(_, node) => onEdit(node.id)}
      onEdgeClick={onEdgeClick}
      onInit={onInit}
      deleteKeyCode={DELETE_KEYS}
      selectNodesOnDrag={false}
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.2}
      maxZoom={2}
      defaultEdgeOptions={{ type: 'smoothstep' }}
    >
      <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
      <Controls />
      <MiniMap pannable zoomable className="flow-minimap" />
    </ReactFlow>
  );
}
