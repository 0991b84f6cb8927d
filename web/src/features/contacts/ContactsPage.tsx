import { CONTACT_COUNT_CAP, type Contact } from '@atendo/contracts';
import { Button, Intent } from '@blueprintjs/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { RowButton } from '../../ui/listPage/RowButton';
import { useListPage } from '../../ui/listPage/useListPage';
import { download } from '../../ui/download';
import { toastError } from '../../ui/toaster';
import { partsOf } from '../../app/parts';
import { useCan } from '../../app/useCan';
import type { ContactAction } from '../feature';
import { ContactDialog } from './ContactDialog';
import { ContactImportDialog } from './ContactImportDialog';
import { contactsApi } from './contactsApi';
import { useContactList } from './useContactList';
import './contacts.css';

/** Which dialog is open; `key` gives each opening a fresh form. */
type Open = { kind: 'edit'; contact?: Contact; key: number } | { kind: 'action'; action: ContactAction; contact: Contact; key: number } | { kind: 'import'; key: number };

/**
 * /contacts: the company's contacts, searchable, page by page, live; add, edit, import, export; what other features do
 * with one (`contactActions`: start a ticket); delete where the profile may (contacts-page:deleteContact).
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const page = useListPage<Contact>();
  const { contacts, count, loading, loadMore, reload, apply } = useContactList(page.search);
  const [open, setOpen] = useState<Open>();
  const [exporting, setExporting] = useState(false);
  const nextKey = () => (open?.key ?? 0) + 1;
  const close = () => setOpen(undefined);

  const exportCsv = async () => {
    setExporting(true);
    try {
      download(await contactsApi.exportCsv(), t('contacts.exportFile'));
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };
  const columns = [
    { label: t('contacts.columns.name') },
    { label: t('contacts.columns.number'), className: 'contacts-col-number' },
    { label: t('contacts.columns.email'), className: 'contacts-col-email' },
    { label: t('contacts.columns.actions'), className: 'list-page-actions' },
  ];

  const removal: RemoveWording = { title: t('contacts.confirmDelete.title'), confirm: t('contacts.confirmDelete.confirm'), cancel: t('contacts.confirmDelete.cancel'), done: t('contacts.deleted') };
  return (
    <ListPage
      title={t('contacts.title')}
      count={{ text: count > CONTACT_COUNT_CAP ? t('contacts.countMore', { count: CONTACT_COUNT_CAP }) : t('contacts.count', { count }), testId: 'contacts-count' }}
      search={{ text: page.text, onText: page.setText, label: t('contacts.searchLabel'), placeholder: t('contacts.searchPlaceholder'), testId: 'contacts-search' }}
      tools={
        <>
          <Button icon="import" text={t('contacts.import')} onClick={() => setOpen({ kind: 'import', key: nextKey() })} data-testid="contacts-import" />
          <Button icon="export" text={t('contacts.export')} loading={exporting} onClick={() => void exportCsv()} data-testid="contacts-export" />
        </>
      }
      add={{ text: t('contacts.add'), icon: 'new-person', onClick: () => setOpen({ kind: 'edit', key: nextKey() }), testId: 'contacts-add' }}
    >
      <PagedList items={contacts} loading={loading} loadMore={loadMore} empty={{ icon: 'person', text: t('contacts.empty') }} testId="contacts-scroll">
        <ListTable columns={columns} interactive testId="contacts-table">
          {contacts.map((contact) => (
            <tr key={contact.id} data-testid={`contact-row-${contact.id}`}>
              <td>{contact.name}</td>
              <td className="contacts-col-number">{contact.number}</td>
              <td className="contacts-col-email">{contact.email}</td>
              <td className="list-page-actions">
                {partsOf('contactActions').map((action) => (
                  <RowButton
                    key={action.id}
                    icon={action.icon}
                    label={t(`contacts.${action.label}` as 'contacts.startTicket', { name: contact.name })}
                    onClick={() => setOpen({ kind: 'action', action, contact, key: nextKey() })}
                    testId={`contact-${action.id}-${contact.id}`}
                  />
                ))}
                <RowButton icon="edit" label={t('contacts.edit', { name: contact.name })} onClick={() => setOpen({ kind: 'edit', contact, key: nextKey() })} testId={`contact-edit-${contact.id}`} />
                {can('contacts-page:deleteContact') && (
                  <RowButton icon="trash" intent={Intent.DANGER} label={t('contacts.delete', { name: contact.name })} onClick={() => page.askDelete(contact)} testId={`contact-delete-${contact.id}`} />
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedList>
      {open?.kind === 'edit' && <ContactDialog key={open.key} contactId={open.contact?.id} onClose={close} onSaved={(contact) => apply({ action: 'update', contact })} />}
      {open?.kind === 'import' && (
        // Closed, the list is read once more: whatever the feed told while the import ran, the rows are the server's.
        <ContactImportDialog
          key={open.key}
          onClose={() => {
            close();
            reload();
          }}
          onFinished={reload}
        />
      )}
      {open?.kind === 'action' && (
        <Suspense fallback={null}>
          <open.action.dialog key={open.key} contact={open.contact} onClose={close} />
        </Suspense>
      )}
      <ConfirmRemove
        record={page.deleting}
        words={removal}
        onConfirm={async (contact) => {
          await contactsApi.remove(contact.id);
          apply({ action: 'delete', contactId: contact.id });
        }}
        onClose={page.stopDeleting}
        testId="contact-delete-confirm"
      >
        {t('contacts.confirmDelete.message', { name: page.deleting?.name ?? '' })}
      </ConfirmRemove>
    </ListPage>
  );
}
