import type { Flow } from '@atendo/contracts';
import { Button, Card, Classes, Intent, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface FlowRowActions {
  onOpen(flow: Flow): void;
  onRename(flow: Flow): void;
  onDuplicate(flow: Flow): void;
  onDelete(flow: Flow): void;
}

/** One flow of the list: a click opens its editor; its menu renames, opens, duplicates or deletes it (spec). */
export function FlowRow({ flow, onOpen, onRename, onDuplicate, onDelete }: { flow: Flow } & FlowRowActions) {
  const { t } = useTranslation();
  const open = () => onOpen(flow);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open();
    }
  };
  return (
    <Card compact interactive className="flow-row" data-testid="flow-row" data-flow-id={flow.id} role="link" tabIndex={0} onClick={open} onKeyDown={onKeyDown}>
      <div className="flow-row-main">
        <strong className="flow-row-name" data-testid="flow-row-name">
          {flow.name}
        </strong>
        <span className={Classes.TEXT_MUTED}>{flow.version > 0 ? t('flows.version', { version: flow.version }) : t('flows.neverSaved')}</span>
      </div>
      <Tag minimal round intent={flow.active ? Intent.SUCCESS : Intent.NONE} data-testid="flow-row-status">
        {flow.active ? t('flows.active') : t('flows.inactive')}
      </Tag>
      {/* The menu's clicks are not the row's. */}
      <div onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem icon="edit" text={t('flows.editName')} onClick={() => onRename(flow)} data-testid="flow-rename" />
              <MenuItem icon="flow-branch" text={t('flows.editFlow')} onClick={open} data-testid="flow-edit" />
              <MenuItem icon="duplicate" text={t('flows.duplicate')} onClick={() => onDuplicate(flow)} data-testid="flow-duplicate" />
              <MenuDivider />
              <MenuItem icon="trash" intent={Intent.DANGER} text={t('flows.delete')} onClick={() => onDelete(flow)} data-testid="flow-delete" />
            </Menu>
          }
        >
          <Button variant="minimal" icon="more" aria-label={t('flows.actions', { name: flow.name })} title={t('flows.actions', { name: flow.name })} data-testid="flow-menu" />
        </Popover>
      </div>
    </Card>
  );
}
