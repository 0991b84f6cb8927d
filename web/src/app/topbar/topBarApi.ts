import type { AnnouncementPage, ListTicketsResponse } from '@atendo/contracts';
import { api } from '../../api/client';

export const topBarApi = {
  /** The active announcements, by priority and newest first (a super user gets every one and keeps the active). */
  announcements: (pageNumber: number) => api.get<AnnouncementPage>('/announcements', { pageNumber }),
  /** The first page of pending tickets; `queueIds` narrows them to those queues (and the ones with no queue). */
  pendingTickets: (queueIds: number[] | undefined) =>
    api.get<ListTicketsResponse>('/tickets', { status: 'pending', queueIds: queueIds?.length ? queueIds.join(',') : undefined, pageNumber: 1 }),
};
