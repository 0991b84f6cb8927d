import type { QuickMessage } from '@atendo/contracts';
import { Button, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { userAtom } from '../../app/sessionAtoms';
import { applyQuickMessageFeed, matchesSearch } from './quickMessageList';
import { quickMessagesApi } from './quickMessagesApi';
import { QuickMessageDialog } from './QuickMessageDialog';
import { QuickMessageList } from './QuickMessageList';
import { useQuickMessageList } from './useQuickMessageList';
import './quickMessages.css';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** /quick-messages: the company's general quick messages and the user's own, searched, added, changed and deleted. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { records, loading, loadMore, setState } = useQuickMessageList(search);
  // The dialog is remounted for each opening (`key`), so it starts from the quick message it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editing: QuickMessage | undefined }>();
  const [deleting, setDeleting] = useState<QuickMessage>();
  const admin = user?.profile === 'admin';

  const open = (editing: QuickMessage | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing }));
  const saved = (record: QuickMessage) =>
    setState((s) => ({ ...s, records: applyQuickMessageFeed(s.records, { action: 'update', record }, user?.id, (q) => matchesSearch(q, search)) }));

  const confirmDelete = async () => {
    const record = deleting;
    if (!record) return;
    await quickMessagesApi.remove(record.id);
    setState((s) => ({ ...s, records: applyQuickMessageFeed(s.records, { action: 'delete', id: record.id }, user?.id) }));
    toastSuccess(t('quickMessages.deleted'));
  };

  return (
    <div className="shell-page quick-messages-page" data-testid="page">
      <div className="quick-messages-header">
        <H3 className="quick-messages-heading">{t('quickMessages.title')}</H3>
        <div className="quick-messages-tools">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('quickMessages.search')}
            placeholder={t('quickMessages.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="quick-messages-search"
            data-testid="quick-messages-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('quickMessages.add')} onClick={() => open(undefined)} data-testid="quick-message-add" />
        </div>
      </div>
      <QuickMessageList
        records={records}
        loading={loading}
        searching={!!search}
        editable={(q) => admin || q.userId === user?.id}
        loadMore={loadMore}
        onEdit={open}
        onDelete={setDeleting}
      />
      {dialog && <QuickMessageDialog key={dialog.key} isOpen admin={admin} editing={dialog.editing} onSaved={saved} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('quickMessages.delete')}
        confirmText={t('quickMessages.delete')}
        cancelText={t('quickMessages.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="quick-message-delete-dialog"
      >
        <p>{t('quickMessages.confirmDelete', { shortcode: deleting?.shortcode ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
