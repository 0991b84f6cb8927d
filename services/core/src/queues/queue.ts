import type { QueueFields, QueueEvent, QueueOptionEvent, QueueOptionFields } from '@atendo/contracts';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import { type EventStore, streamId } from '@atendo/platform';
import { recordDecider, type RecordDecider } from '../records/record.js';
import { claimUnique, normaliseUnique, releaseUnique } from '../records/unique.js';

export const queueDecider: RecordDecider<QueueFields, QueueEvent> = recordDecider('Queue', 'ERR_QUEUE_NOT_FOUND');

export const queueStream = (companyId: number, id: number) => streamId('queue', companyId, id);

/** A queue's colour is its own within the company (spec: ERR_QUEUE_COLOR_ALREADY_EXISTS), claimed in a stream of its own. */
const colorClaim = (companyId: number, id: number, color: string) => ({ companyId, kind: 'queueColor', value: color, owner: queueStream(companyId, id) }) as const;

export async function claimQueueColor(store: EventStore, companyId: number, id: number, color: string, context: CommandContext) {
  await claimUnique(store, { ...colorClaim(companyId, id, color), code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }, context);
}

/** Creates a queue once its colour is claimed. */
export async function createQueue(store: EventStore, id: number, fields: QueueFields, context: CommandContext) {
  await claimQueueColor(store, fields.companyId, id, fields.color, context);
  return handleCommand(store, queueDecider, queueStream(fields.companyId, id), { type: 'create', id, fields }, context);
}

/** Changes a queue; a new colour is claimed before and the old one released after. */
export async function changeQueue(store: EventStore, companyId: number, id: number, changes: Partial<QueueFields>, previousColor: string, context: CommandContext) {
  const recolored = changes.color !== undefined && normaliseUnique(changes.color) !== normaliseUnique(previousColor);
  if (recolored) await claimQueueColor(store, companyId, id, changes.color!, context);
  const result = await handleCommand(store, queueDecider, queueStream(companyId, id), { type: 'update', changes }, context);
  if (recolored) await releaseUnique(store, colorClaim(companyId, id, previousColor), context);
  return result;
}

/** Deletes a queue (its menu goes with it in the read model) and frees its colour. */
export async function deleteQueue(store: EventStore, companyId: number, id: number, color: string, context: CommandContext) {
  const result = await handleCommand(store, queueDecider, queueStream(companyId, id), { type: 'delete' }, context);
  await releaseUnique(store, colorClaim(companyId, id, color), context);
  return result;
}

/** One entry of a queue's chatbot menu, a record of its own. */
export const queueOptionDecider: RecordDecider<QueueOptionFields, QueueOptionEvent> = recordDecider('QueueOption', 'ERR_QUEUE_OPTION_NOT_FOUND');

export const queueOptionStream = (companyId: number, id: number) => streamId('queueOption', companyId, id);
