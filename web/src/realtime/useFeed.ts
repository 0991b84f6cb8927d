import { channelName, type FeedCatalogue, type FeedChannel } from '@atendo/contracts';
import { useEffect, useRef } from 'react';
import { useRealtime } from './RealtimeContext';

/**
 * Payloads of the feed's channels, by channel suffix: the contracts' catalogue, which each feature extends with its
 * channels (`contracts/src/<feature>/realtime.ts`), so a new feature's channel is typed here without a line of its own.
 */
export type FeedPayloads = FeedCatalogue;

/** Calls `handler` with every entry of `company-{companyId}-{channel}`; the latest handler is always used. */
export function useFeed<C extends FeedChannel>(channel: C, handler: (payload: FeedPayloads[C]) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe(channelName(companyId, channel), (payload) => latest.current(payload as unknown as FeedPayloads[C])), [client, companyId, channel]);
}

/** Calls `handler` when the server asks for lists to be fetched again. */
export function useFeedReload(handler: () => void): void {
  const { client } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.onReload(() => latest.current()), [client]);
}
