import type { BlockDescription } from '@atendo/contracts';
import { Button, Intent, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { orderedBlocks } from './graph';
import { blockDescription, blockIcon, blockLabel } from './labels';

/** The add menu (the spec's speed dial): one entry per block the server knows, the spec's blocks first. */
export function AddBlockMenu({ blocks, onAdd }: { blocks: BlockDescription[]; onAdd(block: BlockDescription): void }) {
  const { t } = useTranslation();
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu className="flow-add-menu" data-testid="flow-add-menu">
          {orderedBlocks(blocks).map((block) => (
            <MenuItem
              key={block.type}
              icon={blockIcon(block)}
              text={blockLabel(t, block)}
              htmlTitle={blockDescription(t, block) || undefined}
              onClick={() => onAdd(block)}
              data-testid="flow-add-item"
              data-block-type={block.type}
            />
          ))}
        </Menu>
      }
    >
      <Button intent={Intent.PRIMARY} icon="add" endIcon="caret-down" text={t('flows.editor.addBlock')} data-testid="flow-add-block" />
    </Popover>
  );
}
