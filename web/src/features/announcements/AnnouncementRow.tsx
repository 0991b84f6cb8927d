import type { Announcement } from '@atendo/contracts';
import { Button, Card, Classes, H5, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../ui/dates';
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
        <Button variant="minimal" icon="edit" aria-label={t('announcements.edit')} title={t('announcements.edit')} onClick={() => onEdit(announcement)} data-testid="announcement-edit" />
        <Button
          variant="minimal"
          icon="trash"
          intent={Intent.DANGER}
          aria-label={t('announcements.delete')}
          title={t('announcements.delete')}
          onClick={() => onDelete(announcement)}
          data-testid="announcement-delete"
        />
      </div>
    </Card>
  );
}
