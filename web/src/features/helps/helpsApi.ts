import type { Help, HelpFields } from '@atendo/contracts';
import { api } from '../../api/client';

export const helpsApi = {
  /** Every entry, by title. */
  all: () => api.get<Help[]>('/helps/list'),
  create: (fields: HelpFields) => api.post<Help>('/helps', fields),
  update: (id: number, changes: Partial<HelpFields>) => api.put<Help>(`/helps/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/helps/${id}`),
};

/** The video code is a YouTube id. */
export const thumbnailUrl = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
export const embedUrl = (code: string) => `https://www.youtube.com/embed/${encodeURIComponent(code)}`;
