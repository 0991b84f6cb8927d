import { can, type Tag } from '@atendo/contracts';
import { Button, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { userAtom } from '../../app/sessionAtoms';
import { TagDialog } from './TagDialog';
import { TagRow } from './TagRow';
import { tagsApi } from './tagsApi';
import { useTagList } from './useTagList';
import './tags.css';

/** Spec §9: searches wait 500 ms after the last key; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;

interface DialogState {
  isOpen: boolean;
  tag?: Tag;
  key: number;
}

/** The tags table with its search, infinite scroll, the add/edit dialog and the delete confirmation. */
export function TagsManager() {
  const { t } = useTranslation();
  const mayKanban = can(useAtomValue(userAtom), 'tags:kanban');
  const [text, setText] = useState('');
  const searchParam = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { tags, loading, loadMore, reload } = useTagList(searchParam);
  const [dialog, setDialog] = useState<DialogState>();
  const [deleting, setDeleting] = useState<Tag>();
  const open = (tag?: Tag) => setDialog((d) => ({ isOpen: true, tag, key: (d?.key ?? 0) + 1 }));

  const { ref: scroller, onScroll } = useInfiniteScroll(loadMore, tags);

  return (
    <div className="shell-page tags-root" data-testid="page">
      <div className="tags-page">
        <div className="tags-header">
          <H3>{t('tags.title')}</H3>
          <InputGroup
            type="search"
            leftIcon="search"
            className="tags-search"
            aria-label={t('tags.searchLabel')}
            placeholder={t('tags.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="tags-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('tags.add')} onClick={() => open()} data-testid="tags-add" />
        </div>
        <div className="tags-table-scroll" ref={scroller} onScroll={onScroll} data-testid="tags-scroll">
          <HTMLTable striped className="tags-table" data-testid="tags-table">
            <thead>
              <tr>
                <th>{t('tags.columns.name')}</th>
                <th className="tags-col-count">{t('tags.columns.tickets')}</th>
                <th className="tags-col-kanban">{t('tags.columns.kanban')}</th>
                <th className="tag-actions">{t('tags.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <TagRow key={tag.id} tag={tag} canDelete={tag.kanban === 0 || mayKanban} onEdit={open} onDelete={setDeleting} />
              ))}
            </tbody>
          </HTMLTable>
          {tags.length === 0 && !loading && <NonIdealState icon="tag" description={searchParam ? t('tags.noMatch') : t('tags.empty')} />}
          {loading && (
            <div className="tags-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
      {dialog && (
        <TagDialog
          key={dialog.key}
          isOpen={dialog.isOpen}
          tag={dialog.tag}
          onClose={() => setDialog({ ...dialog, isOpen: false })}
          onSaved={() => {
            setDialog({ ...dialog, isOpen: false });
            reload();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('tags.confirmDelete.title')}
        confirmText={t('tags.confirmDelete.confirm')}
        cancelText={t('tags.confirmDelete.cancel')}
        onConfirm={async () => {
          await tagsApi.remove(deleting!.id);
          toastSuccess(t('tags.deleted'));
          reload();
        }}
        onClose={() => setDeleting(undefined)}
        testId="tag-confirm-delete"
      >
        {deleting ? t('tags.confirmDelete.message', { name: deleting.name, count: deleting.ticketsCount }) : null}
      </ConfirmDialog>
    </div>
  );
}
