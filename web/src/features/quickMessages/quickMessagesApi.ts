import type { QuickMessage, QuickMessagePage } from '@atendo/contracts';
import { api } from '../../api/client';

/** What the dialog sends: the quick message's own fields (its file goes apart). */
export interface QuickMessageValues {
  shortcode: string;
  message: string;
  geral: boolean;
}

export const quickMessagesApi = {
  page: (searchParam: string, pageNumber: number) => api.get<QuickMessagePage>('/quick-messages', { searchParam, pageNumber }),
  /** Every one the signed-in user may use (the message input's suggestions). */
  usable: () => api.get<QuickMessage[]>('/quick-messages/list'),
  create: (values: QuickMessageValues) => api.post<QuickMessage>('/quick-messages', values),
  update: (id: number, changes: Partial<QuickMessageValues>) => api.put<QuickMessage>(`/quick-messages/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/quick-messages/${id}`),
  uploadFile: (id: number, file: File) => api.upload<QuickMessage>(`/quick-messages/${id}/media-upload`, 'file', file),
  removeFile: (id: number) => api.delete<QuickMessage>(`/quick-messages/${id}/media-upload`),
  /** Its attached file, as a File the message input can send like one the user picked. */
  async file({ mediaPath, mediaName }: QuickMessage): Promise<File> {
    const blob = await api.blob(mediaPath!);
    return new File([blob], mediaName ?? mediaPath!.split('/').pop()!, { type: blob.type });
  },
};
