import type { InferType } from 'yup';
import type { Language, User, UserPage, userChangesSchema, userSchema } from '@atendo/contracts';
import { api } from '../../api/client';
import { lookups } from '../../api/lookups';

export type NewUser = InferType<typeof userSchema>;
export type UserChanges = InferType<typeof userChangesSchema>;

export const usersApi = {
  list: (searchParam: string, pageNumber: number) => api.get<UserPage>('/users/', { searchParam, pageNumber }),
  create: (user: NewUser) => api.post<User>('/users', user),
  update: (id: number, changes: UserChanges) => api.put<User>(`/users/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/users/${id}`),
  setLanguage: (language: Language) => api.post<{ language: Language }>(`/users/set-language/${language}`),
  queues: lookups.queues,
  connections: lookups.connections,
};
