import type { ContactList, ContactListImportReport, ContactListItem, ContactListItemPage, ContactListPage } from '@atendo/contracts';
import { api } from '../../api/client';
import { uploadWithProgress, type UploadProgress } from './uploadWithProgress';

/** What the item form sends. */
export interface ContactListItemValues {
  name: string;
  number: string;
  email: string;
}

/** Contact lists and their contacts (spec: /contact-lists, /contact-list-items). */
export const contactListsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<ContactListPage>('/contact-lists', { searchParam, pageNumber }),
  find: (id: number) => api.get<ContactList>(`/contact-lists/${id}`),
  create: (name: string) => api.post<ContactList>('/contact-lists', { name }),
  rename: (id: number, name: string) => api.put<ContactList>(`/contact-lists/${id}`, { name }),
  remove: (id: number) => api.delete<unknown>(`/contact-lists/${id}`),
  exampleSpreadsheet: () => api.blob('/contact-lists/example-spreadsheet'),
  upload: (id: number, file: File, onProgress: (p: UploadProgress) => void) => uploadWithProgress<ContactListImportReport>(`/contact-lists/${id}/upload`, 'file', file, onProgress),
  items: (contactListId: number, searchParam: string, pageNumber: number) => api.get<ContactListItemPage>('/contact-list-items', { contactListId, searchParam, pageNumber }),
  createItem: (contactListId: number, values: ContactListItemValues) => api.post<ContactListItem>('/contact-list-items', { contactListId, ...values }),
  updateItem: (id: number, values: ContactListItemValues) => api.put<ContactListItem>(`/contact-list-items/${id}`, values),
  removeItem: (id: number) => api.delete<unknown>(`/contact-list-items/${id}`),
};
