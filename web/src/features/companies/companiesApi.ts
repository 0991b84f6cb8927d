import type { Company, Plan } from '@atendo/contracts';
import { api } from '../../api/client';

export const companiesApi = {
  list: () => api.get<Company[]>('/companies/list'),
  plans: () => api.get<Plan[]>('/plans/all'),
  add: (body: object) => api.post<Company>('/companies', body),
  change: (id: number, body: object) => api.put<Company>(`/companies/${id}`, body),
  renew: (id: number) => api.post<Company>(`/companies/${id}/renew`),
  remove: (id: number) => api.delete<unknown>(`/companies/${id}`),
};
