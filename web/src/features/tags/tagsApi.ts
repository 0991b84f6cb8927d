import type { InferType } from 'yup';
import type { Tag, TagPage, tagChangesSchema, tagSchema } from '@atendo/contracts';
import { api } from '../../api/client';

export type NewTag = InferType<typeof tagSchema>;
export type TagChanges = InferType<typeof tagChangesSchema>;

export const tagsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<TagPage>('/tags', { searchParam, pageNumber }),
  get: (id: number) => api.get<Tag>(`/tags/${id}`),
  create: (tag: NewTag) => api.post<Tag>('/tags', tag),
  update: (id: number, changes: TagChanges) => api.put<Tag>(`/tags/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/tags/${id}`),
};
