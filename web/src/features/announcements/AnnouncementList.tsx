import type { Announcement } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';

import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { AnnouncementRow } from './AnnouncementRow';

/** Spec §9: the next page loads within 100 px of the bottom. */

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
  const { ref: ref, onScroll } = useInfiniteScroll(loadMore, records);

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
