import type { Announcement } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { remove, upsert } from './announcementList';
import { announcementsApi } from './announcementsApi';
import { AnnouncementDialog } from './AnnouncementDialog';
import { AnnouncementRow } from './AnnouncementRow';
import { useAnnouncementList } from './useAnnouncementList';

/** The announcements page's content: search, list, the add and edit dialog and the delete confirmation. */
export function AnnouncementsManager() {
  const { t } = useTranslation();
  const page = useListPage<Announcement>();
  const { search } = page;
  const { records, loading, loadMore, setState } = useAnnouncementList(search);

  const saved = (announcement: Announcement) => setState((s) => upsert(s, announcement, search));
  const confirmDelete = async (announcement: Announcement) => {
    await announcementsApi.remove(announcement.id);
    setState((s) => remove(s, announcement.id));
  };

  const removal: RemoveWording = { confirm: t('announcements.delete'), cancel: t('announcements.form.cancel'), done: t('announcements.deleted') };
  return (
    <ListPage
      title={t('announcements.title')}
      search={{ text: page.text, onText: page.setText, label: t('announcements.search'), testId: 'announcements-search' }}
      add={{ text: t('announcements.add'), onClick: () => page.open(), testId: 'announcement-add' }}
    >
      <PagedList items={records} loading={loading} loadMore={loadMore} cards empty={{ icon: 'notifications', text: search ? t('announcements.noMatch') : t('announcements.empty') }} testId="announcement-list">
        {records.map((a) => (
          <AnnouncementRow key={a.id} announcement={a} onEdit={page.open} onDelete={page.askDelete} />
        ))}
      </PagedList>
      {page.dialog?.isOpen && <AnnouncementDialog key={page.dialog.key} isOpen editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="announcement-delete-dialog">
        <p>{t('announcements.confirmDelete', { title: page.deleting?.title ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
