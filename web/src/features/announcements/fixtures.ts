import type { Announcement } from '@atendo/contracts';

/** An announcement for the tests. */
export function announcement(id: number, change: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `Announcement ${id}`,
    text: `Text of ${id}`,
    priority: 3,
    status: true,
    mediaPath: null,
    mediaName: null,
    createdAt: `2026-01-${String(10 + id).padStart(2, '0')}T12:00:00.000Z`,
    updatedAt: `2026-01-${String(10 + id).padStart(2, '0')}T12:00:00.000Z`,
    ...change,
  };
}
