import type { InferType } from 'yup';
import type { Queue, QueueOption, queueChangesSchema, queueOptionChangesSchema, queueOptionSchema, queueSchema } from '@atendo/contracts';
import { api } from '../../api/client';

export type NewQueue = InferType<typeof queueSchema>;
export type QueueChanges = InferType<typeof queueChangesSchema>;
export type NewQueueOption = InferType<typeof queueOptionSchema>;
export type QueueOptionChanges = InferType<typeof queueOptionChangesSchema>;

/** The parentId GET /queue-options takes for a queue's top level. */
const TOP_LEVEL = -1;

export const queuesApi = {
  list: () => api.get<Queue[]>('/queue'),
  get: (id: number) => api.get<Queue>(`/queue/${id}`),
  create: (queue: NewQueue) => api.post<Queue>('/queue', queue),
  update: (id: number, changes: QueueChanges) => api.put<Queue>(`/queue/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/queue/${id}`),
  /** The queue's chatbot menu: its top-level options, each with its `children`, sorted by number. */
  options: (queueId: number) => api.get<QueueOption[]>('/queue-options', { queueId, parentId: TOP_LEVEL }),
  createOption: (option: NewQueueOption) => api.post<QueueOption>('/queue-options', option),
  updateOption: (id: number, changes: QueueOptionChanges) => api.put<QueueOption>(`/queue-options/${id}`, changes),
  /** Takes the options under it too; the server renumbers the remaining siblings itself. */
  removeOption: (id: number) => api.delete<{ message: string }>(`/queue-options/${id}`),
};
