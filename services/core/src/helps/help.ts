import type { HelpFields } from '@atendo/contracts';
import { type Migration, PLATFORM_COMPANY, streamId, idSequences } from '@atendo/platform';
import { recordDecider } from '../records/record.js';

/** Help entries are the platform's (the super user keeps them), one stream each: `help-0.{id}`. */
export const helpStream = (id: number) => streamId('help', PLATFORM_COMPANY, id);

export const helpDecider = recordDecider<'Help', HelpFields>('Help', 'ERR_NOT_FOUND');

/** Ids of help entries. */
export const helpIdMigrations: Migration[] = [idSequences('202611232331_help_ids', 'help')];
