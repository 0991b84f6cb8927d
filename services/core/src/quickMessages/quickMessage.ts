import type { QuickMessageFields } from '@atendo/contracts';
import { type Migration, streamId, idSequences } from '@atendo/platform';
import { recordDecider } from '../records/record.js';

/** A quick reply, a record of its own (created, changed, deleted by its author or an admin). */
export const quickMessageDecider = recordDecider<'QuickMessage', QuickMessageFields>('QuickMessage', 'ERR_QUICK_MESSAGE_NOT_FOUND');

export const quickMessageStream = (companyId: number, id: number) => streamId('quickMessage', companyId, id);

export const quickMessageIdMigrations: Migration[] = [idSequences('202611271100_quick_message_ids', 'quickMessage')];
