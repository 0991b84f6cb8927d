import type { ContactList, ContactListItem } from '@atendo/contracts';
import { Button, ButtonGroup, H3, HTMLTable, Icon, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { ContactListImportDialog } from './ContactListImportDialog';
import { ContactListItemDialog } from './ContactListItemDialog';
import { contactListsApi } from './contactListsApi';
import { SEARCH_DEBOUNCE_MS } from './ContactListsPage';
import { useContactListFeed } from './useContactListFeed';
import { useContactListItems } from './useContactLists';
import './contactLists.css';

type Open = { kind: 'item'; editing: ContactListItem | undefined; key: number } | { kind: 'import'; key: number };

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
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { items, loading, loadMore, reload, saved, removed } = useContactListItems(contactListId, search);
  const [open, setOpen] = useState<Open>();
  const [deleting, setDeleting] = useState<ContactListItem>();
  const { ref, onScroll } = useInfiniteScroll(loadMore, items);
  const nextKey = () => (open?.key ?? 0) + 1;

  useEffect(() => {
    contactListsApi.find(contactListId).then(setList, toastError);
  }, [contactListId]);
  useContactListFeed('ContactList', (payload) => {
    if (payload.action !== 'delete' && payload.record.id === contactListId) setList(payload.record);
  });

  const confirmDelete = async () => {
    const item = deleting;
    if (!item) return;
    await contactListsApi.removeItem(item.id);
    removed(item.id);
    toastSuccess(t('contactLists.items.deleted'));
  };

  return (
    <div className="shell-page contact-lists-root" data-testid="page">
      <div className="contact-lists-page">
        <div className="contact-lists-header">
          <Button icon="arrow-left" minimal aria-label={t('contactLists.items.back')} title={t('contactLists.items.back')} onClick={() => navigate('/contact-lists')} data-testid="contact-list-back" />
          <H3 data-testid="contact-list-title">{list?.name ?? ''}</H3>
          <InputGroup
            type="search"
            leftIcon="search"
            className="contact-lists-search"
            aria-label={t('contactLists.items.search')}
            placeholder={t('contactLists.items.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="contact-list-items-search"
          />
          <Button icon="import" text={t('contactLists.items.import')} onClick={() => setOpen({ kind: 'import', key: nextKey() })} data-testid="contact-list-import" />
          <Button intent={Intent.PRIMARY} icon="new-person" text={t('contactLists.items.add')} onClick={() => setOpen({ kind: 'item', editing: undefined, key: nextKey() })} data-testid="contact-list-item-add" />
        </div>
        <div className="contact-lists-scroll" ref={ref} onScroll={onScroll}>
          <HTMLTable striped interactive className="contact-lists-table" data-testid="contact-list-items-table">
            <thead>
              <tr>
                <th>{t('contactLists.items.columns.name')}</th>
                <th className="contact-lists-number">{t('contactLists.items.columns.number')}</th>
                <th>{t('contactLists.items.columns.email')}</th>
                <th className="contact-lists-whatsapp">{t('contactLists.items.columns.whatsapp')}</th>
                <th className="contact-lists-actions">{t('contactLists.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={`contact-list-item-row-${item.id}`}>
                  <td>{item.name}</td>
                  <td className="contact-lists-number">{item.number}</td>
                  <td>{item.email}</td>
                  <td className="contact-lists-whatsapp">
                    <WhatsappVerdict item={item} />
                  </td>
                  <td className="contact-lists-actions">
                    <ButtonGroup minimal>
                      <Button
                        icon="edit"
                        aria-label={t('contactLists.edit', { name: item.name })}
                        title={t('contactLists.edit', { name: item.name })}
                        onClick={() => setOpen({ kind: 'item', editing: item, key: nextKey() })}
                        data-testid={`contact-list-item-edit-${item.id}`}
                      />
                      <Button
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={t('contactLists.delete', { name: item.name })}
                        title={t('contactLists.delete', { name: item.name })}
                        onClick={() => setDeleting(item)}
                        data-testid={`contact-list-item-delete-${item.id}`}
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {items.length === 0 && !loading && <NonIdealState icon="person" description={search ? t('contactLists.items.noMatch') : t('contactLists.items.empty')} />}
          {loading && (
            <div className="contact-lists-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
      {open?.kind === 'item' && <ContactListItemDialog key={open.key} contactListId={contactListId} editing={open.editing} onSaved={saved} onClose={() => setOpen(undefined)} />}
      {open?.kind === 'import' && <ContactListImportDialog key={open.key} contactListId={contactListId} onImported={reload} onClose={() => setOpen(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('contactLists.items.deleteTitle')}
        confirmText={t('contactLists.deleteConfirm')}
        cancelText={t('contactLists.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="contact-list-item-delete-dialog"
      >
        <p>{t('contactLists.items.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
