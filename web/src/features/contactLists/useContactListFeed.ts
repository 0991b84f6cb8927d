import type { ContactListFeedPayload, ContactListItemFeedPayload } from '@atendo/contracts';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../realtime/RealtimeContext';

interface ContactListFeeds {
  ContactList: ContactListFeedPayload;
  ContactListItem: ContactListItemFeedPayload;
}

/** Calls `handler` with every entry of `company-{companyId}-ContactList` or `-ContactListItem`; the latest handler is always used. */
export function useContactListFeed<C extends keyof ContactListFeeds>(channel: C, handler: (payload: ContactListFeeds[C]) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () => client.subscribe(`company-${companyId}-${channel}`, (payload) => latest.current(payload as unknown as ContactListFeeds[C])),
    [client, companyId, channel],
  );
}
