import type { QueueFields } from '@atendo/contracts';
import { streamId } from '../eventstore/streams.js';
import { recordDecider } from '../records/record.js';

export const queueDecider = recordDecider<'Queue', QueueFields>('Queue', 'ERR_NOT_FOUND');

export const queueStream = (companyId: number, id: number) => streamId('queue', companyId, id);
