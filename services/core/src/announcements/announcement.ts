import type { AnnouncementFields } from '@atendo/contracts';
import { type Migration, PLATFORM_COMPANY, streamId, idSequences } from '@atendo/platform';
import { recordDecider } from '../records/record.js';

/** Announcements are the platform's (super users publish them to every company), one stream each. */
export const announcementStream = (id: number) => streamId('announcement', PLATFORM_COMPANY, id);

export const announcementDecider = recordDecider<'Announcement', AnnouncementFields>('Announcement', 'ERR_NOT_FOUND');

export const announcementIdMigrations: Migration[] = [idSequences('202611241100_announcement_ids', 'announcement')];
