import { CONTACT_COUNT_CAP, type Contact, type Ticket } from '@atendo/contracts';
import { Button, ButtonGroup, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useCan } from '../../app/useCan';
import { NewTicketDialog } from '../tickets/NewTicketDialog';
import { ContactDialog } from './ContactDialog';
import { ContactImportDialog } from './ContactImportDialog';
import { contactsApi } from './contactsApi';
import { useContactList } from './useContactList';
import './contacts.css';

/** Spec §Contacts: searches wait 500 ms after the last key; the next page loads within 100 px of the bottom. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Which dialog is open; `key` gives each opening a fresh form. */
type Open = { kind: 'edit'; contact?: Contact; key: number } | { kind: 'ticket'; contact: Contact; key: number } | { kind: 'import'; key: number };

/** Saves a file the browser got through the API (the export, behind the token). */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /contacts: the company's contacts, searchable, page by page, live; add, edit, import, export; start a ticket with
 * one; delete where the profile may (contacts-page:deleteContact).
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const searchParam = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { contacts, count, loading, loadMore, reload, apply } = useContactList(searchParam);
  const [open, setOpen] = useState<Open>();
  const [deleting, setDeleting] = useState<Contact>();
  const [exporting, setExporting] = useState(false);
  const nextKey = () => (open?.key ?? 0) + 1;
  const close = () => setOpen(undefined);

  const { ref: scroller, onScroll } = useInfiniteScroll(loadMore, contacts);

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

  return (
    <div className="shell-page contacts-root" data-testid="page">
      <div className="contacts-page">
        <div className="contacts-header">
          <H3>
            {t('contacts.title')}{' '}
            <Tag minimal round data-testid="contacts-count">
              {count > CONTACT_COUNT_CAP ? t('contacts.countMore', { count: CONTACT_COUNT_CAP }) : t('contacts.count', { count })}
            </Tag>
          </H3>
          <InputGroup
            type="search"
            leftIcon="search"
            className="contacts-search"
            aria-label={t('contacts.searchLabel')}
            placeholder={t('contacts.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="contacts-search"
          />
          <Button icon="import" text={t('contacts.import')} onClick={() => setOpen({ kind: 'import', key: nextKey() })} data-testid="contacts-import" />
          <Button icon="export" text={t('contacts.export')} loading={exporting} onClick={() => void exportCsv()} data-testid="contacts-export" />
          <Button intent={Intent.PRIMARY} icon="new-person" text={t('contacts.add')} onClick={() => setOpen({ kind: 'edit', key: nextKey() })} data-testid="contacts-add" />
        </div>
        <div className="contacts-table-scroll" ref={scroller} onScroll={onScroll} data-testid="contacts-scroll">
          <HTMLTable striped interactive className="contacts-table" data-testid="contacts-table">
            <thead>
              <tr>
                <th>{t('contacts.columns.name')}</th>
                <th className="contacts-col-number">{t('contacts.columns.number')}</th>
                <th className="contacts-col-email">{t('contacts.columns.email')}</th>
                <th className="contacts-actions">{t('contacts.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {contacts.map((contact) => (
                <tr key={contact.id} data-testid={`contact-row-${contact.id}`}>
                  <td>{contact.name}</td>
                  <td className="contacts-col-number">{contact.number}</td>
                  <td className="contacts-col-email">{contact.email}</td>
                  <td className="contacts-actions">
                    <ButtonGroup minimal>
                      <Button
                        icon="chat"
                        aria-label={t('contacts.startTicket', { name: contact.name })}
                        title={t('contacts.startTicket', { name: contact.name })}
                        onClick={() => setOpen({ kind: 'ticket', contact, key: nextKey() })}
                        data-testid={`contact-ticket-${contact.id}`}
                      />
                      <Button
                        icon="edit"
                        aria-label={t('contacts.edit', { name: contact.name })}
                        title={t('contacts.edit', { name: contact.name })}
                        onClick={() => setOpen({ kind: 'edit', contact, key: nextKey() })}
                        data-testid={`contact-edit-${contact.id}`}
                      />
                      {can('contacts-page:deleteContact') && (
                        <Button
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label={t('contacts.delete', { name: contact.name })}
                          title={t('contacts.delete', { name: contact.name })}
                          onClick={() => setDeleting(contact)}
                          data-testid={`contact-delete-${contact.id}`}
                        />
                      )}
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {contacts.length === 0 && !loading && <NonIdealState icon="person" description={t('contacts.empty')} />}
          {loading && (
            <div className="contacts-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
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
      {open?.kind === 'ticket' && (
        <NewTicketDialog key={open.key} isOpen contact={open.contact} onClose={close} onCreated={(ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`)} />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('contacts.confirmDelete.title')}
        confirmText={t('contacts.confirmDelete.confirm')}
        cancelText={t('contacts.confirmDelete.cancel')}
        testId="contact-delete-confirm"
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          await contactsApi.remove(deleting!.id);
          apply({ action: 'delete', contactId: deleting!.id });
          toastSuccess(t('contacts.deleted'));
        }}
      >
        {t('contacts.confirmDelete.message', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
