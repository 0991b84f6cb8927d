import type { Schedule } from '@atendo/contracts';

/** A schedule as the API answers it, an hour ahead unless `patch` says otherwise. */
export const schedule = (id: number, patch: Partial<Schedule> = {}): Schedule => ({
  id,
  body: 'Olá {{firstName}}, lembrete da consulta',
  sendAt: new Date(Date.now() + 3_600_000).toISOString(),
  sentAt: null,
  status: 'PENDENTE',
  contactId: 7,
  contact: { id: 7, name: 'Ana Souza', number: '5511900000007' },
  whatsappId: null,
  whatsapp: null,
  ticketId: null,
  userId: 1,
  mediaPath: null,
  mediaName: null,
  messageId: null,
  error: null,
  companyId: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...patch,
});
