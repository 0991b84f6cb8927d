import type { Tag } from '@atendo/contracts';
import { Dialog } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [dirty, setDirty] = useState(false);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={tag ? t('tags.dialog.editTitle') : t('tags.dialog.addTitle')}
      icon={tag ? 'edit' : 'add'}
      className="tag-dialog"
      canOutsideClickClose={!dirty}
    >
      <TagForm tag={tag} onSaved={onSaved} onCancel={onClose} onDirty={setDirty} />
    </Dialog>
  );
}
