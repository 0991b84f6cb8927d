import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/useCan';
import { AnnouncementsManager } from './AnnouncementsManager';
import './announcements.css';

/** /announcements (super users): every announcement, searched, published, changed and deleted here. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('announcements:manage')) {
    return (
      <div className="shell-page" data-testid="page">
        <NonIdealState icon="lock" title={t('announcements.notAllowed')} />
      </div>
    );
  }
  return <AnnouncementsManager />;
}
