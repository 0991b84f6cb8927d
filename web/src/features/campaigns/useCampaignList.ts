import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addPage, applyCampaignFeed, emptyCampaignList } from './campaignList';
import { campaignsApi } from './campaignsApi';

/** The campaigns matching `search`, page by page (GET /campaigns), kept current by the `campaign` feed. */
export function useCampaignList(search: string) {
  const fetchPage = useCallback((page: number) => campaignsApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyCampaignList, fetchPage, addPage);
  useFeed('campaign', (payload) => setState((s) => ({ ...s, campaigns: applyCampaignFeed(s.campaigns, payload, search) })));
  useFeedReload(reload);
  return { ...state, setState, loading, loadMore };
}
