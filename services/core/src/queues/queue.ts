import type { QueueFields, QueueEvent } from '@atendo/contracts';
import { streamId } from '../eventstore/streams.js';
import { recordDecider, type RecordDecider } from '../records/record.js';

export const queueDecider: RecordDecider<QueueFields, QueueEvent> = recordDecider('Queue', 'ERR_NOT_FOUND');

export const queueStream = (companyId: number, id: number) => streamId('queue', companyId, id);
