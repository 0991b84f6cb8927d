import type { ScheduleFeedPayload } from '@atendo/contracts';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../realtime/RealtimeContext';

/** Calls `handler` with every entry of `company-{companyId}-schedule`; the latest handler is always used. */
export function useScheduleFeed(handler: (payload: ScheduleFeedPayload) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe(`company-${companyId}-schedule`, (payload) => latest.current(payload as unknown as ScheduleFeedPayload)), [client, companyId]);
}
