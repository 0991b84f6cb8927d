import type { FlowCampaignFeedPayload, FlowFeedPayload } from '@atendo/contracts';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../realtime/RealtimeContext';

interface FlowFeeds {
  flow: FlowFeedPayload;
  flowcampaign: FlowCampaignFeedPayload;
}

/** Calls `handler` with every entry of `company-{companyId}-flow` or `-flowcampaign`; the latest handler is always used. */
export function useFlowFeed<C extends keyof FlowFeeds>(channel: C, handler: (payload: FlowFeeds[C]) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () => client.subscribe(`company-${companyId}-${channel}`, (payload) => latest.current(payload as unknown as FlowFeeds[C])),
    [client, companyId, channel],
  );
}
