import { useCallback } from 'react';
import { useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addPage, applyCampaignFeed, emptyCampaignList } from './campaignList';
import { campaignsApi } from './campaignsApi';
import { useCampaignFeed } from './useCampaignFeed';

/** The campaigns matching `search`, page by page (GET /campaigns), kept current by the `campaign` feed. */
export function useCampaignList(search: string) {
  const fetchPage = useCallback((page: number) => campaignsApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyCampaignList, fetchPage, addPage);
  useCampaignFeed((payload) => setState((s) => ({ ...s, campaigns: applyCampaignFeed(s.campaigns, payload, search) })));
  useFeedReload(reload);
  return { ...state, setState, loading, loadMore };
}
