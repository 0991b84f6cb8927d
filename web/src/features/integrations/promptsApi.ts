import type { Prompt, PromptInput, PromptPage } from '@atendo/contracts';
import { api } from '../../api/client';

/** The prompts' calls (spec §7: /prompt). */
export const promptsApi = {
  list: () => api.get<PromptPage>('/prompt'),
  one: (id: number) => api.get<Prompt>(`/prompt/${id}`),
  create: (values: PromptInput) => api.post<Prompt>('/prompt', values),
  update: (id: number, values: PromptInput) => api.put<Prompt>(`/prompt/${id}`, values),
  remove: (id: number) => api.delete<{ message: string }>(`/prompt/${id}`),
};
