import type { Plan } from '@atendo/contracts';
import { api } from '../../api/client';

export const plansApi = {
  list: () => api.get<Plan[]>('/plans/all'),
  add: (body: object) => api.post<Plan>('/plans', body),
  change: (id: number, body: object) => api.put<Plan>(`/plans/${id}`, body),
  remove: (id: number) => api.delete<unknown>(`/plans/${id}`),
};
