import type { Announcement } from '@atendo/contracts';
import { Button, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { toastSuccess } from '../../ui/toaster';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { remove, upsert } from './announcementList';
import { announcementsApi } from './announcementsApi';
import { AnnouncementDialog } from './AnnouncementDialog';
import { AnnouncementList } from './AnnouncementList';
import { useAnnouncementList } from './useAnnouncementList';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** The announcements page's content: search, list, the add and edit dialog and the delete confirmation. */
export function AnnouncementsManager() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { records, loading, loadMore, setState } = useAnnouncementList(search);
  // The dialog is remounted for each opening (`key`), so it starts from the announcement it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editing: Announcement | undefined }>();
  const [deleting, setDeleting] = useState<Announcement>();

  const open = (editing: Announcement | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing }));
  const saved = (announcement: Announcement) => setState((s) => upsert(s, announcement, search));

  const confirmDelete = async () => {
    const announcement = deleting;
    if (!announcement) return;
    await announcementsApi.remove(announcement.id);
    setState((s) => remove(s, announcement.id));
    toastSuccess(t('announcements.deleted'));
  };

  return (
    <div className="shell-page announcements-page" data-testid="page">
      <div className="announcements-header">
        <H3 className="announcements-heading">{t('announcements.title')}</H3>
        <div className="announcements-tools">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('announcements.search')}
            placeholder={t('announcements.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="announcements-search"
            data-testid="announcements-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('announcements.add')} onClick={() => open(undefined)} data-testid="announcement-add" />
        </div>
      </div>
      <AnnouncementList records={records} loading={loading} searching={!!search} loadMore={loadMore} onEdit={open} onDelete={setDeleting} />
      {dialog && (
        <AnnouncementDialog key={dialog.key} isOpen editing={dialog.editing} onSaved={saved} onClose={() => setDialog(undefined)} />
      )}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('announcements.delete')}
        confirmText={t('announcements.delete')}
        cancelText={t('announcements.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="announcement-delete-dialog"
      >
        <p>{t('announcements.confirmDelete', { title: deleting?.title ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
