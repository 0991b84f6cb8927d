import type { Prompt, PromptInput, PromptPage, Queue } from '@atendo/contracts';
import { api } from '../../api/client';

/** The prompts' calls (spec §7: /prompt), and the queues a prompt may hand its tickets to. */
export const promptsApi = {
  list: () => api.get<PromptPage>('/prompt'),
  one: (id: number) => api.get<Prompt>(`/prompt/${id}`),
  create: (values: PromptInput) => api.post<Prompt>('/prompt', values),
  update: (id: number, values: PromptInput) => api.put<Prompt>(`/prompt/${id}`, values),
  remove: (id: number) => api.delete<{ message: string }>(`/prompt/${id}`),
  queues: () => api.get<Queue[]>('/queue'),
};
