import type { Schedule, SchedulePage, Whatsapp } from '@atendo/contracts';
import { api } from '../../api/client';

/** What the dialog sends: the schedule's own fields (its image goes apart). */
export interface ScheduleValues {
  body: string;
  contactId: number;
  sendAt: string;
  whatsappId: number | null;
}

export const schedulesApi = {
  /** Every schedule sent (or due) from `start` up to `end`: the calendar's span. */
  range: (start: Date, end: Date) => api.get<SchedulePage>('/schedules', { startDate: start.toISOString(), endDate: end.toISOString() }),
  get: (id: number) => api.get<Schedule>(`/schedules/${id}`),
  create: (values: ScheduleValues) => api.post<Schedule>('/schedules', values),
  update: (id: number, changes: Partial<ScheduleValues>) => api.put<Schedule>(`/schedules/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/schedules/${id}`),
  uploadFile: (id: number, file: File) => api.upload<Schedule>(`/schedules/${id}/media-upload`, 'file', file),
  removeFile: (id: number) => api.delete<Schedule>(`/schedules/${id}/media-upload`),
  connections: () => api.get<Whatsapp[]>('/whatsapp', { session: 0 }),
};
