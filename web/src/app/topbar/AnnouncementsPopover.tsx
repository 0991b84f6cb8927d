import { Classes, NonIdealState, Popover, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../sessionAtoms';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addAnnouncementPage, applyAnnouncementFeed, EMPTY_ANNOUNCEMENTS } from './activeAnnouncements';
import { AnnouncementItem } from './AnnouncementItem';
import { BadgedButton } from './CountBadge';
import { topBarApi } from './topBarApi';

/** Spec §9: the next page loads within 100 px of the bottom. */
const NEAR_BOTTOM_PX = 100;

/** The top bar's announcements: the active ones of the platform, their count on the button, kept live. */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const fetchPage = useCallback((page: number) => topBarApi.announcements(page), []);
  const { state, setState, loading, reload, loadMore } = usePagedList(EMPTY_ANNOUNCEMENTS, fetchPage, addAnnouncementPage);
  useFeed('announcement', (payload) => setState((s) => applyAnnouncementFeed(s, payload)));
  useFeedReload(reload);
  const label = t('topBar.announcements.title');

  const content = (
    <div
      className="top-bar-popover"
      data-testid="announcements-popover"
      onScroll={(event) => {
        const el = event.currentTarget;
        if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) loadMore();
      }}
    >
      <h4 className={`${Classes.HEADING} top-bar-popover-title`}>{label}</h4>
      {state.records.length === 0 && !loading && <NonIdealState icon="inbox" description={t('topBar.announcements.none')} />}
      <ul className="top-bar-popover-list">
        {state.records.map((announcement) => (
          <AnnouncementItem key={announcement.id} announcement={announcement} />
        ))}
      </ul>
      {loading && <Spinner size={20} className="top-bar-popover-spinner" />}
    </div>
  );

  if (!user) return null;
  return (
    <Popover placement="bottom-end" content={content}>
      <span className="top-bar-badged">
        <BadgedButton icon="announcement" label={t('topBar.announcements.button', { count: state.count })} title={label} count={state.count} testId="announcements" />
      </span>
    </Popover>
  );
}
