import type { FileListPage, FileListSummary, FileListView } from '@atendo/contracts';
import { api, request } from '../../api/client';

/** What the form sends: the list's fields and its options (with `id`: one the list has; without: a new one). */
export interface FileListValues {
  name: string;
  message: string;
  options: Array<{ id?: number; name: string }>;
}

export const filesApi = {
  page: (searchParam: string, pageNumber: number) => api.get<FileListPage>('/files', { searchParam, pageNumber }),
  one: (id: number) => api.get<FileListView>(`/files/${id}`),
  create: (values: FileListValues) => api.post<FileListView>('/files', values),
  update: (id: number, values: Partial<FileListValues>) => api.put<FileListView>(`/files/${id}`, values),
  remove: (id: number) => api.delete<{ message: string }>(`/files/${id}`),
  /** Sends one option's file (spec: POST /files/uploadList/{id} with the option's `id`); the type comes from its content. */
  uploadOptionFile: (listId: number, optionId: number, file: File) => {
    const form = new FormData();
    form.append('files', file, file.name);
    form.append('id', String(optionId));
    form.append('typeArch', 'fileList');
    return request<FileListView>('POST', `/files/uploadList/${listId}`, { body: form });
  },
};

export type { FileListSummary };
