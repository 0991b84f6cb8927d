import type { Company, CompanySchedule, Setting } from '@atendo/contracts';
import { api } from '../../api/client';

export const settingsApi = {
  list: () => api.get<Setting[]>('/settings'),
  change: (key: string, value: string) => api.put<Setting>(`/settings/${encodeURIComponent(key)}`, { value }),
  company: (id: number) => api.get<Company>(`/companies/${id}`),
  saveSchedules: (companyId: number, schedules: CompanySchedule[]) => api.put<CompanySchedule[]>(`/companies/${companyId}/schedules`, { schedules }),
};
