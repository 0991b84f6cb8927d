import { Classes, Menu, MenuItem, NonIdealState, Popover, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userAtom } from '../sessionAtoms';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { formatListTime } from '../../ui/dates';
import { toastError } from '../../ui/toaster';
import { BadgedButton } from './CountBadge';
import { playNotificationSound } from './notificationSound';
import { topBarApi } from './topBarApi';
import { volumeAtom } from './volume';
import { applyTicketFeed, NO_WAITING, waitingFromPage, type WaitingState } from './waitingTickets';

/** The bell: tickets waiting for the user, their count, a chime when one arrives; a click opens the ticket. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const volume = useAtomValue(volumeAtom);
  const [waiting, setWaiting] = useState<WaitingState>(NO_WAITING);
  const [open, setOpen] = useState(false);
  const latest = useRef(waiting);
  latest.current = waiting;
  const latestVolume = useRef(volume);
  latestVolume.current = volume;

  const load = useCallback(
    (ringIfMore = false) => {
      if (!user) return;
      const queueIds = user.allTicket === 'enabled' ? undefined : user.queues.map((q) => q.id);
      topBarApi.pendingTickets(queueIds).then((page) => {
        const state = waitingFromPage(user, page.tickets, page.count);
        if (ringIfMore && state.count > latest.current.count) playNotificationSound(latestVolume.current);
        latest.current = state;
        setWaiting(state);
      }, toastError);
    },
    [user],
  );
  useEffect(() => load(), [load]);
  useFeedReload(() => load());

  useFeed('ticket', (payload) => {
    if (!user) return;
    const { state, arrived, recount } = applyTicketFeed(user, latest.current, payload);
    latest.current = state;
    setWaiting(state);
    if (arrived) playNotificationSound(volume);
    if (recount) load(true);
  });

  if (!user) return null;
  const label = t('topBar.notifications.title');
  const content = (
    <div className="top-bar-popover" data-testid="notifications-popover">
      <h4 className={`${Classes.HEADING} top-bar-popover-title`}>{label}</h4>
      {waiting.tickets.length === 0 ? (
        <NonIdealState icon="notifications" description={t('topBar.notifications.none')} />
      ) : (
        <Menu className="top-bar-notifications">
          {waiting.tickets.map((ticket) => (
            <MenuItem
              key={ticket.id}
              data-testid="notification-item"
              data-ticket-uuid={ticket.uuid}
              multiline
              text={
                <span className="notification-item">
                  <span className="notification-item-line">
                    <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{ticket.contact.name}</strong>
                    <time className={Classes.TEXT_MUTED} dateTime={ticket.updatedAt}>
                      {formatListTime(ticket.updatedAt)}
                    </time>
                  </span>
                  <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{ticket.lastMessage}</span>
                </span>
              }
              labelElement={
                ticket.queue ? (
                  <Tag minimal className="notification-queue" style={{ borderLeftColor: ticket.queue.color }}>
                    {ticket.queue.name}
                  </Tag>
                ) : undefined
              }
              onClick={() => {
                setOpen(false);
                navigate(`/tickets/${ticket.uuid}`);
              }}
            />
          ))}
        </Menu>
      )}
    </div>
  );

  return (
    <Popover placement="bottom-end" content={content} isOpen={open} onInteraction={setOpen}>
      <span className="top-bar-badged">
        <BadgedButton icon="notifications" label={t('topBar.notifications.button', { count: waiting.count })} title={label} count={waiting.count} testId="notifications" />
      </span>
    </Popover>
  );
}
