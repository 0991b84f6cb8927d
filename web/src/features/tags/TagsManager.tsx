import type { Tag } from '@atendo/contracts';
import { can } from '../../app/useCan';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { userAtom } from '../../app/sessionAtoms';
import { TagDialog } from './TagDialog';
import { TagRow } from './TagRow';
import { tagsApi } from './tagsApi';
import { useTagList } from './useTagList';
import './tags.css';

/** The tags table with its search, infinite scroll, the add/edit dialog and the delete confirmation. */
export function TagsManager() {
  const { t } = useTranslation();
  const mayKanban = can(useAtomValue(userAtom), 'tags:kanban');
  const page = useListPage<Tag>();
  const { tags, loading, loadMore, reload } = useTagList(page.search);
  const saved = () => {
    page.close();
    reload();
  };
  const columns = [
    { label: t('tags.columns.name') },
    { label: t('tags.columns.tickets'), className: 'tags-col-narrow' },
    { label: t('tags.columns.kanban'), className: 'tags-col-narrow' },
    { label: t('tags.columns.actions'), className: 'list-page-actions' },
  ];

  const removal: RemoveWording = { title: t('tags.confirmDelete.title'), confirm: t('tags.confirmDelete.confirm'), cancel: t('tags.confirmDelete.cancel'), done: t('tags.deleted') };
  return (
    <ListPage
      title={t('tags.title')}
      search={{ text: page.text, onText: page.setText, label: t('tags.searchLabel'), placeholder: t('tags.searchPlaceholder'), testId: 'tags-search' }}
      add={{ text: t('tags.add'), onClick: () => page.open(), testId: 'tags-add' }}
    >
      <PagedList items={tags} loading={loading} loadMore={loadMore} empty={{ icon: 'tag', text: page.search ? t('tags.noMatch') : t('tags.empty') }} testId="tags-scroll">
        <ListTable columns={columns} className="tags-table" testId="tags-table">
          {tags.map((tag) => (
            <TagRow key={tag.id} tag={tag} canDelete={tag.kanban === 0 || mayKanban} onEdit={page.open} onDelete={page.askDelete} />
          ))}
        </ListTable>
      </PagedList>
      {page.dialog && <TagDialog key={page.dialog.key} isOpen={page.dialog.isOpen} tag={page.dialog.editing} onClose={page.close} onSaved={saved} />}
      <ConfirmRemove
        record={page.deleting}
        words={removal}
        onConfirm={async (tag) => {
          await tagsApi.remove(tag.id);
          reload();
        }}
        onClose={page.stopDeleting}
        testId="tag-confirm-delete"
      >
        {page.deleting ? t('tags.confirmDelete.message', { name: page.deleting.name, count: page.deleting.ticketsCount }) : null}
      </ConfirmRemove>
    </ListPage>
  );
}
