import type { CampaignFeedPayload, CampaignView } from '@atendo/contracts';
import type { CampaignPage } from './campaignsApi';

export interface CampaignListState {
  campaigns: CampaignView[];
  hasMore: boolean;
  page: number;
}

export const emptyCampaignList: CampaignListState = { campaigns: [], hasMore: false, page: 0 };

export function addPage(state: CampaignListState, page: number, response: CampaignPage): CampaignListState {
  const base = page === 1 ? [] : state.campaigns;
  const known = new Set(base.map((c) => c.id));
  return { campaigns: [...base, ...response.records.filter((c) => !known.has(c.id))], hasMore: response.hasMore, page };
}

/** Whether the page's search keeps a campaign (its name, whatever the case, as the server searches). */
export function matchesSearch(campaign: CampaignView, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || campaign.name.toLowerCase().includes(words);
}

/**
 * A `campaign` entry on the list (spec: create or update upserts, delete removes, new records first); a created or
 * changed one that the search does not keep leaves the list.
 */
export function applyCampaignFeed(campaigns: CampaignView[], payload: CampaignFeedPayload, search = ''): CampaignView[] {
  switch (payload.action) {
    case 'create':
    case 'update': {
      const record = payload.record;
      const rest = campaigns.filter((c) => c.id !== record.id);
      if (!matchesSearch(record, search)) return rest;
      return rest.length === campaigns.length ? [record, ...campaigns] : campaigns.map((c) => (c.id === record.id ? record : c));
    }
    case 'delete':
      return campaigns.filter((c) => c.id !== payload.id);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
