import type { ContactList } from '@atendo/contracts';
import { Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { RowButton } from '../../ui/listPage/RowButton';
import { useListPage } from '../../ui/listPage/useListPage';
import { download } from '../../ui/download';
import { toastError } from '../../ui/toaster';
import { ContactListDialog } from './ContactListDialog';
import { contactListsApi } from './contactListsApi';
import { useContactLists } from './useContactLists';
import './contactLists.css';

/**
 * /contact-lists: the company's contact lists with their count of contacts, searched, page by page, live; add one,
 * rename, delete (asked first), open its contacts, and download the example spreadsheet an import reads.
 */
export function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useListPage<ContactList>();
  const { search } = page;
  const { lists, loading, loadMore, saved, removed } = useContactLists(search);
  const [downloading, setDownloading] = useState(false);

  const example = async () => {
    setDownloading(true);
    try {
      download(await contactListsApi.exampleSpreadsheet(), 'contact-list-example.xlsx');
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async (list: ContactList) => {
    await contactListsApi.remove(list.id);
    removed(list.id);
  };
  const columns = [
    { label: t('contactLists.columns.name') },
    { label: t('contactLists.columns.contacts'), className: 'contact-lists-count' },
    { label: t('contactLists.columns.actions'), className: 'list-page-actions' },
  ];

  const removal: RemoveWording = { title: t('contactLists.deleteTitle'), confirm: t('contactLists.deleteConfirm'), cancel: t('contactLists.form.cancel'), done: t('contactLists.deleted') };
  return (
    <ListPage
      title={t('contactLists.title')}
      search={{ text: page.text, onText: page.setText, label: t('contactLists.search'), testId: 'contact-lists-search' }}
      add={{ text: t('contactLists.add'), onClick: () => page.open(), testId: 'contact-lists-add' }}
    >
      <PagedList items={lists} loading={loading} loadMore={loadMore} empty={{ icon: 'people', text: search ? t('contactLists.noMatch') : t('contactLists.empty') }}>
        <ListTable columns={columns} interactive testId="contact-lists-table">
          {lists.map((list) => (
            <tr key={list.id} data-testid={`contact-list-row-${list.id}`}>
              <td>{list.name}</td>
              <td className="contact-lists-count" data-testid={`contact-list-count-${list.id}`}>
                {list.contactsCount}
              </td>
              <td className="list-page-actions">
                <RowButton icon="th-derived" label={t('contactLists.example')} loading={downloading} onClick={() => void example()} testId={`contact-list-example-${list.id}`} />
                <RowButton icon="people" label={t('contactLists.openContacts', { name: list.name })} onClick={() => navigate(`/contact-lists/${list.id}/contacts`)} testId={`contact-list-open-${list.id}`} />
                <RowButton icon="edit" label={t('contactLists.edit', { name: list.name })} onClick={() => page.open(list)} testId={`contact-list-edit-${list.id}`} />
                <RowButton icon="trash" intent={Intent.DANGER} label={t('contactLists.delete', { name: list.name })} onClick={() => page.askDelete(list)} testId={`contact-list-delete-${list.id}`} />
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedList>
      {page.dialog?.isOpen && <ContactListDialog key={page.dialog.key} editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="contact-list-delete-dialog">
        <p>{t('contactLists.confirmDelete', { name: page.deleting?.name ?? '', count: page.deleting?.contactsCount ?? 0 })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
