import type { Announcement } from '@atendo/contracts';
import { Card, Classes, H5, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../ui/dates';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';
import { AnnouncementImage } from './AnnouncementImage';
import { PRIORITY_COLOURS, PRIORITY_LABELS } from './priority';

interface AnnouncementRowProps {
  announcement: Announcement;
  onEdit(announcement: Announcement): void;
  onDelete(announcement: Announcement): void;
}

/** One announcement of the list, its priority in the spec's colour (border and tag). */
export function AnnouncementRow({ announcement, onEdit, onDelete }: AnnouncementRowProps) {
  const { t } = useTranslation();
  const { id, title, text, priority, status, mediaPath, createdAt, updatedAt } = announcement;
  const colour = PRIORITY_COLOURS[priority];
  return (
    <Card compact className="announcement-row" style={{ borderLeftColor: colour }} data-testid="announcement-row" data-announcement-id={id}>
      {mediaPath && <AnnouncementImage mediaPath={mediaPath} version={updatedAt} alt={title} className="announcement-row-image" />}
      <div className="announcement-row-main">
        <div className="announcement-row-heading">
          <H5 className="announcement-row-title">{title}</H5>
          <Tag round style={{ backgroundColor: colour, color: '#fff' }} data-testid="announcement-priority">
            {t(`announcements.priority.${PRIORITY_LABELS[priority]}`)}
          </Tag>
          <Tag minimal round intent={status ? Intent.SUCCESS : Intent.NONE} data-testid="announcement-status">
            {status ? t('announcements.active') : t('announcements.inactive')}
          </Tag>
        </div>
        <p className="announcement-row-text">{text}</p>
        <small className={Classes.TEXT_MUTED}>
          {formatDate(createdAt)} {formatTime(createdAt)}
        </small>
      </div>
      <div className="announcement-row-actions">
        <EditDeleteButtons editLabel={t('announcements.edit')} deleteLabel={t('announcements.delete')} onEdit={() => onEdit(announcement)} onDelete={() => onDelete(announcement)} testIdPrefix="announcement" />
      </div>
    </Card>
  );
}
