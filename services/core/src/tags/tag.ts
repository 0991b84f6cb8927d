import type { TagEvent, TagFields } from '@atendo/contracts';
import { type Migration, streamId, idSequences } from '@atendo/platform';
import { recordDecider, type RecordDecider } from '../records/record.js';

/** A tag of the company, a simple record: created, changed (name, colour, kanban lane) and deleted. */
export const tagDecider: RecordDecider<TagFields, TagEvent> = recordDecider('Tag', 'ERR_TAG_NOT_FOUND');

export const tagStream = (companyId: number, id: number) => streamId('tag', companyId, id);

export const tagIdMigrations: Migration[] = [idSequences('202611271000_tag_ids', 'tag')];
