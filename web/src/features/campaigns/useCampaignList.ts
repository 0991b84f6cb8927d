import type { CampaignView } from '@atendo/contracts';
import { useCallback } from 'react';
import { textMatches } from '../../ui/listPage/records';
import { usePagedRecords } from '../../ui/listPage/usePagedRecords';
import { campaignsApi } from './campaignsApi';

/** The campaigns matching `search` (by name), page by page (GET /campaigns), kept current by the `campaign` feed. */
export function useCampaignList(search: string) {
  const fetchPage = useCallback((page: number) => campaignsApi.page(search, page), [search]);
  return usePagedRecords<CampaignView>('campaign', fetchPage, (campaign) => textMatches(campaign.name, search));
}
