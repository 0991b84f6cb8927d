import type { Tag } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { EditorDialog } from '../../ui/EditorDialog';
import { TagForm } from './TagForm';

interface TagDialogProps {
  isOpen: boolean;
  /** The tag to edit; none to add one. */
  tag?: Tag;
  onClose(): void;
  onSaved(saved: Tag): void;
}

/** Adds or edits a tag (POST /tags, PUT /tags/{id}). */
export function TagDialog({ isOpen, tag, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation();
  return (
    <EditorDialog isOpen={isOpen} onClose={onClose} editing={tag !== undefined} title={tag ? t('tags.dialog.editTitle') : t('tags.dialog.addTitle')} className="tag-dialog">
      {(onDirty) => <TagForm tag={tag} onSaved={onSaved} onCancel={onClose} onDirty={onDirty} />}
    </EditorDialog>
  );
}
