import type { InferType } from 'yup';
import type { Whatsapp, WhatsappDetails, WhatsappSettings, connectionChangesSchema, connectionSchema } from '@atendo/contracts';
import { api } from '../../api/client';
import { lookups } from '../../api/lookups';

/** The console never sends a token: the server makes it (POST /whatsapp/{id}/token). */
export type NewConnection = Omit<InferType<typeof connectionSchema>, 'token'>;
export type ConnectionChanges = Omit<InferType<typeof connectionChangesSchema>, 'token'>;
/** A connection as GET /whatsapp lists it. */
export type Connection = Whatsapp & WhatsappSettings;

export const connectionsApi = {
  /** The list as the menu and this page read it (spec §7: session=0). */
  list: () => api.get<Connection[]>('/whatsapp', { session: 0 }),
  /** One connection with its API token's last four characters (admins). */
  details: (id: number) => api.get<WhatsappDetails>(`/whatsapp/${id}`, { session: 0 }),
  create: (connection: NewConnection) => api.post<WhatsappDetails>('/whatsapp', connection),
  update: (id: number, changes: ConnectionChanges) => api.put<WhatsappDetails>(`/whatsapp/${id}`, changes),
  /** A new API token, answered whole this once; the old one stops working. */
  newToken: (id: number) => api.post<{ token: string }>(`/whatsapp/${id}/token`),
  remove: (id: number) => api.delete<{ message: string }>(`/whatsapp/${id}`),
  /** Session buttons: start (or try again), a new QR code, disconnect. */
  startSession: (id: number) => api.post<{ message: string }>(`/whatsappsession/${id}`),
  renewQrCode: (id: number) => api.put<{ message: string }>(`/whatsappsession/${id}`),
  disconnect: (id: number) => api.delete<{ message: string }>(`/whatsappsession/${id}`),
  queues: lookups.queues,
  prompts: lookups.prompts,
  integrations: lookups.integrations,
};
