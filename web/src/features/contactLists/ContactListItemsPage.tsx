import type { ContactList, ContactListItem } from '@atendo/contracts';
import { Button, Icon, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useFeed } from '../../realtime/useFeed';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { RowButton } from '../../ui/listPage/RowButton';
import { useListPage } from '../../ui/listPage/useListPage';
import { toastError } from '../../ui/toaster';
import { ContactListImportDialog } from './ContactListImportDialog';
import { ContactListItemDialog } from './ContactListItemDialog';
import { contactListsApi } from './contactListsApi';
import { useContactListItems } from './useContactLists';
import './contactLists.css';

/** Whether WhatsApp knows the number: a green tick, a red cross, or a grey question mark until it is checked. */
function WhatsappVerdict({ item }: { item: ContactListItem }) {
  const { t } = useTranslation();
  const [icon, intent, label] =
    item.isWhatsappValid === true
      ? (['tick-circle', Intent.SUCCESS, t('contactLists.items.valid')] as const)
      : item.isWhatsappValid === false
        ? (['cross-circle', Intent.DANGER, t('contactLists.items.invalid')] as const)
        : (['help', Intent.NONE, t('contactLists.items.unknown')] as const);
  const state = item.isWhatsappValid === null ? 'unknown' : item.isWhatsappValid ? 'valid' : 'invalid';
  return <Icon icon={icon} intent={intent} title={label} aria-label={label} data-testid={`contact-list-item-whatsapp-${item.id}`} data-state={state} />;
}

/**
 * /contact-lists/:contactListId/contacts: one list's contacts, searched by name or number, page by page, live (the
 * WhatsApp check's verdicts arrive as they are made); add, edit, delete (asked first), import a spreadsheet.
 */
export function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  const [list, setList] = useState<ContactList>();
  const page = useListPage<ContactListItem>();
  const { search } = page;
  const { items, loading, loadMore, reload, saved, removed } = useContactListItems(contactListId, search);
  const [importing, setImporting] = useState<number>();

  useEffect(() => {
    contactListsApi.find(contactListId).then(setList, toastError);
  }, [contactListId]);
  useFeed('ContactList', (payload) => {
    if (payload.action !== 'delete' && payload.record.id === contactListId) setList(payload.record);
  });

  const confirmDelete = async (item: ContactListItem) => {
    await contactListsApi.removeItem(item.id);
    removed(item.id);
  };
  const columns = [
    { label: t('contactLists.items.columns.name') },
    { label: t('contactLists.items.columns.number'), className: 'contact-lists-number' },
    { label: t('contactLists.items.columns.email') },
    { label: t('contactLists.items.columns.whatsapp'), className: 'contact-lists-whatsapp' },
    { label: t('contactLists.columns.actions'), className: 'list-page-actions' },
  ];

  const removal: RemoveWording = { title: t('contactLists.items.deleteTitle'), confirm: t('contactLists.deleteConfirm'), cancel: t('contactLists.form.cancel'), done: t('contactLists.items.deleted') };
  return (
    <ListPage
      title={list?.name ?? ''}
      titleTestId="contact-list-title"
      before={<Button icon="arrow-left" minimal aria-label={t('contactLists.items.back')} title={t('contactLists.items.back')} onClick={() => navigate('/contact-lists')} data-testid="contact-list-back" />}
      search={{ text: page.text, onText: page.setText, label: t('contactLists.items.search'), testId: 'contact-list-items-search' }}
      tools={<Button icon="import" text={t('contactLists.items.import')} onClick={() => setImporting((k) => (k ?? 0) + 1)} data-testid="contact-list-import" />}
      add={{ text: t('contactLists.items.add'), icon: 'new-person', onClick: () => page.open(), testId: 'contact-list-item-add' }}
    >
      <PagedList items={items} loading={loading} loadMore={loadMore} empty={{ icon: 'person', text: search ? t('contactLists.items.noMatch') : t('contactLists.items.empty') }}>
        <ListTable columns={columns} interactive testId="contact-list-items-table">
          {items.map((item) => (
            <tr key={item.id} data-testid={`contact-list-item-row-${item.id}`}>
              <td>{item.name}</td>
              <td className="contact-lists-number">{item.number}</td>
              <td>{item.email}</td>
              <td className="contact-lists-whatsapp">
                <WhatsappVerdict item={item} />
              </td>
              <td className="list-page-actions">
                <RowButton icon="edit" label={t('contactLists.edit', { name: item.name })} onClick={() => page.open(item)} testId={`contact-list-item-edit-${item.id}`} />
                <RowButton icon="trash" intent={Intent.DANGER} label={t('contactLists.delete', { name: item.name })} onClick={() => page.askDelete(item)} testId={`contact-list-item-delete-${item.id}`} />
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedList>
      {page.dialog?.isOpen && <ContactListItemDialog key={page.dialog.key} contactListId={contactListId} editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      {importing !== undefined && <ContactListImportDialog key={importing} contactListId={contactListId} onImported={reload} onClose={() => setImporting(undefined)} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="contact-list-item-delete-dialog">
        <p>{t('contactLists.items.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
