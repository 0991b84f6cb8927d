import type { InferType } from 'yup';
import type { Language, Queue, User, UserPage, UserRef, userChangesSchema, userSchema, Whatsapp } from '@atendo/contracts';
import { api } from '../../api/client';

export type NewUser = InferType<typeof userSchema>;
export type UserChanges = InferType<typeof userChangesSchema>;

export const usersApi = {
  list: (searchParam: string, pageNumber: number) => api.get<UserPage>('/users/', { searchParam, pageNumber }),
  /** Any user may ask: names for pickers (the transfer's user search). */
  refs: (searchParam = '') => api.get<UserRef[]>('/users/list', { searchParam }),
  create: (user: NewUser) => api.post<User>('/users', user),
  update: (id: number, changes: UserChanges) => api.put<User>(`/users/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/users/${id}`),
  setLanguage: (language: Language) => api.post<{ language: Language }>(`/users/set-language/${language}`),
  queues: () => api.get<Queue[]>('/queue'),
  /** The menu's form of the list (spec §7): without session details. */
  connections: () => api.get<Whatsapp[]>('/whatsapp', { session: 0 }),
};
