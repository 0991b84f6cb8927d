import type { Announcement } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementRow } from './AnnouncementRow';

/** Spec §9: the next page loads within 100 px of the bottom. */
const LOAD_MORE_DISTANCE = 100;

interface AnnouncementListProps {
  records: Announcement[];
  loading: boolean;
  searching: boolean;
  loadMore(): void;
  onEdit(announcement: Announcement): void;
  onDelete(announcement: Announcement): void;
}

/** The announcements, loading the next page near the bottom (infinite scroll). */
export function AnnouncementList({ records, loading, searching, loadMore, onEdit, onDelete }: AnnouncementListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // A first page that does not fill the pane gives nothing to scroll: fetch the next until it does.
  useEffect(() => {
    const el = ref.current;
    if (el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) loadMore();
  }, [records, loadMore]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_DISTANCE) loadMore();
  };

  return (
    <div className="announcement-list" ref={ref} onScroll={onScroll} data-testid="announcement-list">
      {records.length === 0 && !loading ? (
        <NonIdealState icon="notifications" title={searching ? t('announcements.noMatch') : t('announcements.empty')} />
      ) : (
        records.map((a) => <AnnouncementRow key={a.id} announcement={a} onEdit={onEdit} onDelete={onDelete} />)
      )}
      {loading && <Spinner size={24} className="announcement-list-spinner" />}
    </div>
  );
}
