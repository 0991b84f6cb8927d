import type { ContactList } from '@atendo/contracts';
import { Button, ButtonGroup, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { ContactListDialog } from './ContactListDialog';
import { contactListsApi } from './contactListsApi';
import { download } from './download';
import { useContactLists } from './useContactLists';
import './contactLists.css';

/** Spec: searches wait 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * /contact-lists: the company's contact lists with their count of contacts, searched, page by page, live; add one,
 * rename, delete (asked first), open its contacts, and download the example spreadsheet an import reads.
 */
export function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { lists, loading, loadMore, saved, removed } = useContactLists(search);
  const [dialog, setDialog] = useState<{ key: number; editing: ContactList | undefined }>();
  const [deleting, setDeleting] = useState<ContactList>();
  const [downloading, setDownloading] = useState(false);
  const { ref, onScroll } = useInfiniteScroll(loadMore, lists);

  const open = (editing: ContactList | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing }));

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

  const confirmDelete = async () => {
    const list = deleting;
    if (!list) return;
    await contactListsApi.remove(list.id);
    removed(list.id);
    toastSuccess(t('contactLists.deleted'));
  };

  return (
    <div className="shell-page contact-lists-root" data-testid="page">
      <div className="contact-lists-page">
        <div className="contact-lists-header">
          <H3>{t('contactLists.title')}</H3>
          <InputGroup
            type="search"
            leftIcon="search"
            className="contact-lists-search"
            aria-label={t('contactLists.search')}
            placeholder={t('contactLists.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="contact-lists-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('contactLists.add')} onClick={() => open(undefined)} data-testid="contact-lists-add" />
        </div>
        <div className="contact-lists-scroll" ref={ref} onScroll={onScroll}>
          <HTMLTable striped interactive className="contact-lists-table" data-testid="contact-lists-table">
            <thead>
              <tr>
                <th>{t('contactLists.columns.name')}</th>
                <th className="contact-lists-count">{t('contactLists.columns.contacts')}</th>
                <th className="contact-lists-actions">{t('contactLists.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((list) => (
                <tr key={list.id} data-testid={`contact-list-row-${list.id}`}>
                  <td>{list.name}</td>
                  <td className="contact-lists-count" data-testid={`contact-list-count-${list.id}`}>
                    {list.contactsCount}
                  </td>
                  <td className="contact-lists-actions">
                    <ButtonGroup minimal>
                      <Button icon="th-derived" aria-label={t('contactLists.example')} title={t('contactLists.example')} loading={downloading} onClick={() => void example()} data-testid={`contact-list-example-${list.id}`} />
                      <Button
                        icon="people"
                        aria-label={t('contactLists.openContacts', { name: list.name })}
                        title={t('contactLists.openContacts', { name: list.name })}
                        onClick={() => navigate(`/contact-lists/${list.id}/contacts`)}
                        data-testid={`contact-list-open-${list.id}`}
                      />
                      <Button icon="edit" aria-label={t('contactLists.edit', { name: list.name })} title={t('contactLists.edit', { name: list.name })} onClick={() => open(list)} data-testid={`contact-list-edit-${list.id}`} />
                      <Button
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={t('contactLists.delete', { name: list.name })}
                        title={t('contactLists.delete', { name: list.name })}
                        onClick={() => setDeleting(list)}
                        data-testid={`contact-list-delete-${list.id}`}
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {lists.length === 0 && !loading && <NonIdealState icon="people" description={search ? t('contactLists.noMatch') : t('contactLists.empty')} />}
          {loading && (
            <div className="contact-lists-loading">
              <Spinner size={24} />
            </div>
          )}
        </div>
      </div>
      {dialog && <ContactListDialog key={dialog.key} editing={dialog.editing} onSaved={saved} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('contactLists.deleteTitle')}
        confirmText={t('contactLists.deleteConfirm')}
        cancelText={t('contactLists.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="contact-list-delete-dialog"
      >
        <p>{t('contactLists.confirmDelete', { name: deleting?.name ?? '', count: deleting?.contactsCount ?? 0 })}</p>
      </ConfirmDialog>
    </div>
  );
}
