import type { Announcement, AnnouncementPage } from '@atendo/contracts';
import { api } from '../../api/client';

/** What the dialog sends: the announcement's own fields (its image goes apart). */
export interface AnnouncementValues {
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  status: boolean;
}

export const announcementsApi = {
  list: (searchParam: string, pageNumber: number) => api.get<AnnouncementPage>('/announcements', { searchParam, pageNumber }),
  create: (values: AnnouncementValues) => api.post<Announcement>('/announcements', values),
  update: (id: number, changes: Partial<AnnouncementValues>) => api.put<Announcement>(`/announcements/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/announcements/${id}`),
  uploadImage: (id: number, file: File) => api.upload<Announcement>(`/announcements/${id}/media-upload`, 'file', file),
  removeImage: (id: number) => api.delete<Announcement>(`/announcements/${id}/media-upload`),
  image: (mediaPath: string) => api.blob(mediaPath),
};
