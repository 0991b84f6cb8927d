import type { InferType } from 'yup';
import type { ContactDetails, ContactImport, ContactPage, contactChangesSchema, contactSchema } from '@atendo/contracts';
import { api } from '../../api/client';
import { lookups } from '../../api/lookups';

export type NewContact = InferType<typeof contactSchema>;
export type ContactChanges = InferType<typeof contactChangesSchema>;

export const contactsApi = {
  list: (searchParam: string, pageNumber: number, cursor?: string) => api.get<ContactPage>('/contacts', { searchParam, pageNumber, ...(cursor ? { cursor } : {}) }),
  get: lookups.contact,
  create: (contact: NewContact) => api.post<ContactDetails>('/contacts', contact),
  update: (id: number, changes: ContactChanges) => api.put<ContactDetails>(`/contacts/${id}`, changes),
  remove: (id: number) => api.delete<{ message: string }>(`/contacts/${id}`),
  /** The CSV of every contact, behind the token. */
  exportCsv: () => api.blob('/contacts/export'),
  startImport: (file: File) => api.upload<ContactImport>('/contacts/import', 'file', file),
  importStatus: (id: string) => api.get<ContactImport>(`/contacts/import/${id}`),
};
