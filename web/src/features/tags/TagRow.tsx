import type { Tag } from '@atendo/contracts';
import { Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../ui/listPage/RowButton';
import { TagChip } from './TagChip';

interface TagRowProps {
  tag: Tag;
  /** Whether the user may delete it: a kanban lane only by those who may change the kanban. */
  canDelete: boolean;
  onEdit(tag: Tag): void;
  onDelete(tag: Tag): void;
}

/** One tag of the table: its chip, how many tickets carry it, whether it is a kanban lane, and its buttons. */
export function TagRow({ tag, canDelete, onEdit, onDelete }: TagRowProps) {
  const { t } = useTranslation();
  return (
    <tr data-testid="tag-row" data-tag-id={tag.id}>
      <td>
        <TagChip name={tag.name} color={tag.color} testId="tag-row-name" />
      </td>
      <td data-testid="tag-row-count">{tag.ticketsCount}</td>
      <td data-testid="tag-row-kanban">
        {tag.kanban === 1 ? <Icon icon="th-list" title={t('tags.kanbanLane')} aria-label={t('tags.kanbanLane')} /> : null}
      </td>
      <td className="list-page-actions">
        <RowButton icon="edit" label={t('tags.edit', { name: tag.name })} onClick={() => onEdit(tag)} testId="tag-edit" />
        <RowButton
          icon="trash"
          intent={Intent.DANGER}
          disabled={!canDelete}
          label={t('tags.delete', { name: tag.name })}
          title={canDelete ? t('tags.delete', { name: tag.name }) : t('tags.laneDeleteAdminOnly')}
          onClick={() => onDelete(tag)}
          testId="tag-delete"
        />
      </td>
    </tr>
  );
}
