import type { CampaignFeedPayload } from '@atendo/contracts';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../realtime/RealtimeContext';

/** Calls `handler` with every entry of `company-{companyId}-campaign`; the latest handler is always used. */
export function useCampaignFeed(handler: (payload: CampaignFeedPayload) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe(`company-${companyId}-campaign`, (payload) => latest.current(payload as unknown as CampaignFeedPayload)), [client, companyId]);
}
