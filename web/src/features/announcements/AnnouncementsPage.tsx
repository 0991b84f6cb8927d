import { useTranslation } from 'react-i18next';
import { ClosedPage } from '../../ui/ClosedPage';
import { useCan } from '../../app/useCan';
import { AnnouncementsManager } from './AnnouncementsManager';
import './announcements.css';

/** /announcements (super users): every announcement, searched, published, changed and deleted here. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('announcements:manage')) return <ClosedPage text={t('announcements.notAllowed')} />;
  return <AnnouncementsManager />;
}
