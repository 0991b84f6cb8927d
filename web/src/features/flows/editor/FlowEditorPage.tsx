import type { BlockDescription, FlowValidationError } from '@atendo/contracts';
import { Button, Classes, H3, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { addEdge, useEdgesState, useNodesState, type Connection, type EdgeChange, type NodeChange, type ReactFlowInstance } from 'reactflow';
import { ApiError } from '../../../api/ApiError';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../../ui/toaster';
import { flowsApi } from '../flowsApi';
import { AddBlockMenu } from './AddBlockMenu';
import { BlockDialog } from './BlockDialog';
import { DryRunPanel } from './DryRunPanel';
import { EditorContext, type EditorContextValue } from './editorContext';
import { FlowCanvas } from './FlowCanvas';
import { addBlock, dataWithDefaults, duplicateBlock, edgeId, fromCanvas, readable, removeBlock, toCanvas, variablesOf, type BlockNode } from './graph';
import { blockLabel } from './labels';
import { SaveProblems } from './SaveProblems';
import { useUnsavedWarning } from './useUnsavedWarning';
import '../flows.css';
import './editor.css';

/** Spec §4: the flow loads 500 ms after the page opens. */
const LOAD_DELAY_MS = 500;
/** Spec §3: the browser keeps the flow's variables under this key. */
const VARIABLES_KEY = 'variables';

type DialogState = { mode: 'create'; block: BlockDescription } | { mode: 'edit'; nodeId: string };

/** Changes that are only the canvas measuring or selecting: they leave the flow as it was saved. */
const changesFlow = (changes: Array<NodeChange | EdgeChange>) => changes.some((c) => c.type !== 'select' && c.type !== 'dimensions');

/** /flowbuilder/:id: the flow's blocks and connections, drawn, edited, tried (dry run) and saved. */
export function FlowEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const flowId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const [blocks, setBlocks] = useState<BlockDescription[]>();
  const [name, setName] = useState('');
  const [nodes, setNodes, applyNodeChanges] = useNodesState<Record<string, unknown>>([]);
  const [edges, setEdges, applyEdgeChanges] = useEdgesState([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<DialogState>();
  const [problems, setProblems] = useState<FlowValidationError[]>([]);
  const [traced, setTraced] = useState<Set<string>>(new Set());
  const [testing, setTesting] = useState(false);
  const [instance, setInstance] = useState<ReactFlowInstance>();
  const unsaved = useUnsavedWarning(dirty);
  // A block added (or the first ones loaded) comes into view; the canvas never zooms in past 100 % to do it.
  const count = nodes.length;
  useEffect(() => {
    if (count === 0 || !instance) return undefined;
    // After the new block is drawn and measured: a block without its size is left out of the fit.
    const timer = setTimeout(() => instance.fitView({ maxZoom: 1 }), 60);
    return () => clearTimeout(timer);
  }, [count, instance]);

  useEffect(() => {
    if (flowId === undefined) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      Promise.all([flowsApi.blocks(), flowsApi.document(flowId)]).then(([known, document]) => {
        if (!live) return;
        const canvas = toCanvas(document.flow.flow);
        setBlocks(known.blocks);
        setName(document.flow.name);
        setNodes(canvas.nodes);
        setEdges(canvas.edges);
      }, toastError);
    }, LOAD_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [flowId, setNodes, setEdges]);

  const blockMap = useMemo(() => new Map((blocks ?? []).map((b) => [b.type, b])), [blocks]);
  const variables = useMemo(() => variablesOf(nodes, blockMap), [nodes, blockMap]);
  useEffect(() => {
    if (blocks) localStorage.setItem(VARIABLES_KEY, JSON.stringify(variables));
  }, [blocks, variables]);

  const problemsByNode = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of problems) if (p.nodeId) map.set(p.nodeId, [...(map.get(p.nodeId) ?? []), p.message]);
    return map;
  }, [problems]);

  const changed = () => setDirty(true);
  const labelOf = useCallback(
    (nodeId: string) => {
      const type = nodes.find((n) => n.id === nodeId)?.type ?? '';
      const block = blockMap.get(type);
      return block ? blockLabel(t, block) : readable(type || nodeId);
    },
    [nodes, blockMap, t],
  );

  const context: EditorContextValue = {
    blocks: blockMap,
    problems: problemsByNode,
    traced,
    edit: (nodeId) => setDialog({ mode: 'edit', nodeId }),
    duplicate: (nodeId) => {
      setNodes((ns) => duplicateBlock(ns, nodeId));
      changed();
    },
    remove: (nodeId) => {
      const next = removeBlock(nodes, edges, nodeId);
      setNodes(next.nodes);
      setEdges(next.edges);
      changed();
    },
  };

  const add = (block: BlockDescription) => {
    if (block.fields.length === 0) {
      setNodes((ns) => addBlock(ns, block, dataWithDefaults(block, undefined)));
      changed();
    } else {
      setDialog({ mode: 'create', block });
    }
  };

  const submitDialog = (data: Record<string, unknown>) => {
    if (!dialog) return;
    if (dialog.mode === 'create') setNodes((ns) => addBlock(ns, dialog.block, data));
    // Spec §4: an edit replaces the block with the same id and clears the selection.
    else setNodes((ns) => ns.map((n) => (n.id === dialog.nodeId ? { ...n, data, selected: false } : n.selected ? { ...n, selected: false } : n)));
    changed();
    setDialog(undefined);
  };

  const onConnect = (connection: Connection) => {
    const { source, sourceHandle, target } = connection;
    if (!source || !target || !sourceHandle) return;
    // An output leads to one place: a new connection from it replaces the old one.
    setEdges((es) => addEdge({ id: edgeId(source, sourceHandle, target), source, sourceHandle, target }, es.filter((e) => !(e.source === source && e.sourceHandle === sourceHandle))));
    changed();
  };

  const clearHighlights = () => {
    setNodes((ns) => ns.map((n) => (n.selected ? { ...n, selected: false } : n)));
    setTraced(new Set());
  };

  const show = (nodeId: string) => {
    setNodes((ns) => ns.map((n) => (n.id === nodeId ? { ...n, selected: true } : n.selected ? { ...n, selected: false } : n)));
    instance?.fitView({ nodes: [{ id: nodeId }], maxZoom: 1.2, duration: 300 });
  };

  const save = async () => {
    if (flowId === undefined) return;
    setSaving(true);
    try {
      await flowsApi.save(flowId, fromCanvas(nodes, edges));
      setProblems([]);
      setDirty(false);
      toastSuccess(t('flows.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ERR_FLOW_INVALID' && Array.isArray(error.details)) setProblems(error.details as FlowValidationError[]);
      else toastError(error);
    } finally {
      setSaving(false);
    }
  };

  if (flowId === undefined) {
    return (
      <div className="shell-page" data-testid="page">
        <NonIdealState icon="flow-branch" title={t('flows.editor.noFlow')} description={t('flows.editor.noFlowHint')} action={<Link to="/flowbuilders">{t('flows.editor.back')}</Link>} />
      </div>
    );
  }

  const editing = dialog?.mode === 'edit' ? nodes.find((n) => n.id === dialog.nodeId) : undefined;
  const dialogBlock = dialog?.mode === 'create' ? dialog.block : editing ? blockMap.get(editing.type ?? '') : undefined;

  return (
    <div className="shell-page flow-editor-page" data-testid="page">
      <div className="flow-editor-header">
        <div className="flow-editor-title">
          <Button variant="minimal" icon="arrow-left" aria-label={t('flows.editor.back')} title={t('flows.editor.back')} onClick={() => navigate('/flowbuilders')} data-testid="flow-editor-back" />
          <div>
            <H3 className="flow-editor-heading">{t('flows.editor.heading')}</H3>
            <div className={Classes.TEXT_MUTED}>
              <span data-testid="flow-editor-name">{name}</span>
              {name && ' · '}
              {t('flows.editor.reminder')}
            </div>
          </div>
        </div>
        <div className="flow-editor-tools">
          {blocks && <AddBlockMenu blocks={blocks} onAdd={add} />}
          <Button icon="play" text={t('flows.editor.test')} disabled={!blocks} onClick={() => setTesting(true)} data-testid="flow-test" />
          <Button intent={Intent.PRIMARY} icon="floppy-disk" text={t('flows.editor.save')} disabled={!blocks} loading={saving} onClick={() => void save()} data-testid="flow-save" />
        </div>
      </div>
      {problems.length > 0 && <SaveProblems problems={problems} labelOf={labelOf} onShow={show} onDismiss={() => setProblems([])} />}
      <div className="flow-editor-canvas" aria-label={t('flows.editor.canvas')}>
        {!blocks ? (
          <Spinner className="flow-editor-spinner" data-testid="flow-editor-loading" />
        ) : (
          <EditorContext.Provider value={context}>
            <FlowCanvas
              blocks={blocks}
              nodes={nodes as BlockNode[]}
              edges={edges}
              onNodesChange={(changes) => {
                applyNodeChanges(changes);
                if (changesFlow(changes)) changed();
              }}
              onEdgesChange={(changes) => {
                applyEdgeChanges(changes);
                if (changesFlow(changes)) changed();
              }}
              onConnect={onConnect}
              onEdit={context.edit}
              onEdgeClick={clearHighlights}
              onInit={setInstance}
            />
          </EditorContext.Provider>
        )}
      </div>
      {dialog && dialogBlock && (
        <BlockDialog
          block={dialogBlock}
          mode={dialog.mode}
          data={dataWithDefaults(dialogBlock, editing?.data)}
          variables={variables}
          onSubmit={submitDialog}
          onClose={() => setDialog(undefined)}
        />
      )}
      <DryRunPanel
        isOpen={testing}
        run={(messages) => flowsApi.dryRun(flowId, fromCanvas(nodes, edges), messages)}
        labelOf={labelOf}
        onTrace={(ids) => setTraced(new Set(ids))}
        onClose={() => setTesting(false)}
      />
      <ConfirmDialog
        isOpen={unsaved.pending}
        title={t('flows.editor.unsavedTitle')}
        confirmText={t('flows.editor.leave')}
        cancelText={t('flows.editor.stay')}
        icon="warning-sign"
        intent={Intent.WARNING}
        onConfirm={async () => unsaved.leave()}
        onClose={unsaved.stay}
        testId="flow-unsaved-dialog"
      >
        <p>{t('flows.editor.unsaved')}</p>
      </ConfirmDialog>
    </div>
  );
}
