import { outputPortsOf, type BlockDescription } from '@atendo/contracts';
import { Button, Classes, Icon } from '@blueprintjs/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Handle, Position, type NodeProps } from 'reactflow';
import { useEditor } from './editorContext';
import { readable, valueAt } from './graph';
import { blockIcon, blockLabel, portLabel } from './labels';
const SUMMARY_LENGTH = 90;

/** A block whose plugin the server no longer has: drawn with its type and one input, so it can be deleted. */
const unknownBlock = (type: string): BlockDescription => ({ type, label: type, icon: 'cube', input: true, outputs: [], waits: false, defaults: {}, fields: [] });

/** A glimpse of what the block holds: its first filled text field (the message, the URL …). */
function summaryOf(block: BlockDescription, data: Record<string, unknown>): string {
  for (const field of block.fields) {
    if (!['text', 'textarea', 'number', 'select', 'variable'].includes(field.kind)) continue;
    const value = valueAt(data, field.name);
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') {
      const text = String(value).trim();
      return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text;
    }
  }
  const queue = block.fields.find((f) => f.kind === 'queue' || f.kind === 'user');
  const named = queue ? (valueAt(data, queue.name) as { name?: string } | undefined)?.name : undefined;
  return named ?? '';
}

/**
 * Every block, whatever its type, drawn from its descriptor: label, icon, an input handle when it takes one, and one
 * output handle per port (`id` = the port's name, which connections keep as `sourceHandle`).
 */
export const BlockNodeView = memo(function BlockNodeView({ id, type, data, selected }: NodeProps<Record<string, unknown>>) {
  const { t } = useTranslation();
  const { blocks, problems, traced, edit, duplicate, remove } = useEditor();
  const block = blocks.get(type) ?? unknownBlock(type);
  const label = blocks.has(type) ? blockLabel(t, block) : readable(type);
  const ports = outputPortsOf(block, data);
  const refused = problems.get(id);
  const icon = blockIcon(block);
  const summary = summaryOf(block, data);
  const classes = ['flow-block', Classes.ELEVATION_1, selected && 'flow-block-selected', refused && 'flow-block-invalid', traced.has(id) && 'flow-block-traced'].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid="flow-block" data-block-id={id} data-block-type={type} aria-invalid={refused ? true : undefined} title={refused?.join('\n')}>
      {block.input && <Handle type="target" position={Position.Left} className="flow-block-input" />}
      <div className="flow-block-header">
        <Icon icon={icon} />
        <strong className="flow-block-label" data-testid="flow-block-label">
          {label}
        </strong>
        <span className="flow-block-actions nodrag">
          <Button size="small" variant="minimal" icon="edit" aria-label={t('flows.editor.edit')} title={t('flows.editor.edit')} onClick={() => edit(id)} data-testid="flow-block-edit" />
          {block.input && (
            <Button size="small" variant="minimal" icon="duplicate" aria-label={t('flows.editor.duplicate')} title={t('flows.editor.duplicate')} onClick={() => duplicate(id)} data-testid="flow-block-duplicate" />
          )}
          <Button size="small" variant="minimal" icon="trash" aria-label={t('flows.editor.delete')} title={t('flows.editor.delete')} onClick={() => remove(id)} data-testid="flow-block-delete" />
        </span>
      </div>
      {summary && <div className={`flow-block-summary ${Classes.TEXT_MUTED}`}>{summary}</div>}
      {ports.length > 0 && (
        <ul className="flow-block-ports">
          {ports.map((port) => (
            <li key={port.name} className="flow-block-port" data-testid="flow-block-port" data-port={port.name}>
              <span className={Classes.TEXT_SMALL}>{portLabel(t, port, block.texts)}</span>
              <Handle type="source" position={Position.Right} id={port.name} className="flow-block-output" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
