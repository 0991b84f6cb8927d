import type { Announcement } from '@atendo/contracts';
import { Classes, Colors } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../ui/dates';
import { AnnouncementImage } from '../../features/announcements/AnnouncementImage';

/** Spec §9: the priority shows as the left border, 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLOURS: Record<Announcement['priority'], string> = { 1: Colors.RED3, 2: Colors.ORANGE3, 3: Colors.GRAY3 };

export function AnnouncementItem({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  return (
    <li
      className="announcement-item"
      style={{ borderLeftColor: PRIORITY_COLOURS[announcement.priority] }}
      data-testid="announcement-item"
      data-priority={announcement.priority}
    >
      <div className="announcement-item-head">
        <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={announcement.title}>
          {announcement.title}
        </strong>
        <time className={Classes.TEXT_MUTED} dateTime={announcement.createdAt}>
          {formatDate(announcement.createdAt)} {formatTime(announcement.createdAt)}
        </time>
      </div>
      <p className="announcement-item-text">{announcement.text}</p>
      {announcement.mediaPath && (
        <AnnouncementImage
          mediaPath={announcement.mediaPath}
          version={announcement.updatedAt}
          alt={announcement.mediaName ?? t('topBar.announcements.image')}
          className="announcement-item-image"
        />
      )}
      <span className={Classes.TEXT_MUTED + ' announcement-item-priority'}>{t(`topBar.announcements.priority${announcement.priority}`)}</span>
    </li>
  );
}
