import type { FlowCampaign } from '@atendo/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useFeed, useFeedReload } from '../../../realtime/useFeed';
import { toastError } from '../../../ui/toaster';
import { applyRecordFeed } from '../../../ui/listPage/records';
import { flowCampaignsApi } from '../flowsApi';

/** The company's flow campaigns (GET /flowcampaign), kept current by the `flowcampaign` feed. */
export function useFlowCampaigns() {
  const [campaigns, setCampaigns] = useState<FlowCampaign[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    flowCampaignsApi
      .list()
      .then((answer) => setCampaigns(answer.flows), toastError)
      .finally(() => setLoading(false));
  }, []);
  useEffect(reload, [reload]);
  useFeed('flowcampaign', (payload) => setCampaigns((list) => applyRecordFeed(list, payload)));
  useFeedReload(reload);
  return { campaigns, setCampaigns, loading };
}
