import type { InferType } from 'yup';
import type {
  CampaignReport,
  CampaignSettings,
  CampaignShipping,
  CampaignView,
  ContactList,
  FileListPage,
  FileListSummary,
  Tag,
  Whatsapp,
  campaignChangesSchema,
  campaignSchema,
  campaignSettingsSchema,
} from '@atendo/contracts';
import { api } from '../../api/client';

export type NewCampaign = InferType<typeof campaignSchema>;
export type CampaignChanges = InferType<typeof campaignChangesSchema>;
export type CampaignSettingsInput = InferType<typeof campaignSettingsSchema>;

export interface CampaignPage {
  records: CampaignView[];
  hasMore: boolean;
}

export interface ShippingPage {
  records: CampaignShipping[];
  hasMore: boolean;
}

/** File lists are another feature: while its routes are missing (404) or refused, the select is empty. */
async function allFileLists(): Promise<FileListSummary[]> {
  const lists: FileListSummary[] = [];
  try {
    for (let page = 1; page <= 20; page += 1) {
      const answer = await api.get<FileListPage>('/files', { searchParam: '', pageNumber: page });
      lists.push(...(answer?.files ?? []));
      if (!answer?.hasMore || (answer.files ?? []).length === 0) break;
    }
  } catch {
    return lists;
  }
  return lists;
}

/** Campaigns, their report and the company's campaign settings. */
export const campaignsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<CampaignPage>('/campaigns', { searchParam, pageNumber }),
  get: (id: number) => api.get<CampaignView>(`/campaigns/${id}`),
  create: (campaign: NewCampaign) => api.post<CampaignView>('/campaigns', campaign),
  update: (id: number, changes: CampaignChanges) => api.put<CampaignView>(`/campaigns/${id}`, changes),
  remove: (id: number) => api.delete<void>(`/campaigns/${id}`),
  cancel: (id: number) => api.post<CampaignView>(`/campaigns/${id}/cancel`),
  restart: (id: number) => api.post<CampaignView>(`/campaigns/${id}/restart`),
  upload: (id: number, file: File) => api.upload<CampaignView>(`/campaigns/${id}/media-upload`, 'file', file),
  removeMedia: (id: number) => api.delete<CampaignView>(`/campaigns/${id}/media-upload`),
  report: (id: number) => api.get<CampaignReport>(`/campaigns/${id}/report`),
  shipping: (id: number, pageNumber: number) => api.get<ShippingPage>(`/campaigns/${id}/shipping`, { pageNumber }),
  settings: () => api.get<CampaignSettings>('/campaign-settings'),
  saveSettings: (settings: CampaignSettingsInput) => api.post<CampaignSettings>('/campaign-settings', settings),
  /** Holds of every connection; a failure (no plan, route missing) reads as none: it only adds a notice. */
  connections: () => api.get<Whatsapp[]>('/whatsapp', { session: 0 }),
  contactLists: () => api.get<ContactList[]>('/contact-lists/list'),
  tags: () => api.get<Tag[]>('/tags/list'),
  fileLists: allFileLists,
};
