import type { FileListSummary } from '@atendo/contracts';
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';
import { useListPage } from '../../ui/listPage/useListPage';
import { permittedPage } from '../../app/permittedPage';
import { FileListDialog } from './FileListDialog';
import { filesApi } from './filesApi';
import { useFileLists } from './useFileLists';
import './files.css';

/** /files (admins): the company's file lists, searched by name, page by page; add, edit and delete. */
export const FilesPage = permittedPage('campaigns:manage', 'files.noPermission', FilesManager);

function FilesManager() {
  const { t } = useTranslation();
  const page = useListPage<FileListSummary>();
  const { search } = page;
  const { records, loading, loadMore, saved, removed } = useFileLists(search);

  const confirmDelete = async (record: FileListSummary) => {
    await filesApi.remove(record.id);
    removed(record.id);
  };

  const removal: RemoveWording = { title: t('files.deleteTitle'), confirm: t('files.delete'), cancel: t('files.form.cancel'), done: t('files.deleted') };
  return (
    <ListPage
      title={t('files.title')}
      search={{ text: page.text, onText: page.setText, label: t('files.search'), testId: 'files-search' }}
      add={{ text: t('files.add'), onClick: () => page.open(), testId: 'file-list-add' }}
    >
      <PagedList items={records} loading={loading} loadMore={loadMore} empty={{ icon: 'folder-open', text: search ? t('files.noMatch') : t('files.empty') }} testId="files-scroll">
        <ListTable columns={[{ label: t('files.columns.name') }, { label: t('files.columns.actions'), className: 'list-page-actions' }]} testId="files-table">
          {records.map((list) => (
            <tr key={list.id} data-testid="file-list-row" data-file-list-id={list.id}>
              <td>
                <span data-testid="file-list-row-name">{list.name}</span>
                <Tag minimal round icon="paperclip" className="files-row-count" title={t('files.optionsCount', { count: list.optionsCount })}>
                  {list.optionsCount}
                </Tag>
              </td>
              <td className="list-page-actions">
                <EditDeleteButtons editLabel={t('files.edit')} deleteLabel={t('files.delete')} onEdit={() => page.open(list)} onDelete={() => page.askDelete(list)} testIdPrefix="file-list" />
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedList>
      {page.dialog?.isOpen && <FileListDialog key={page.dialog.key} editingId={page.dialog.editing?.id} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="file-list-delete-dialog">
        <p>{t('files.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
