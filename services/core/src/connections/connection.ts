import type { ConnectionEvent, WhatsappFields, WhatsappSessionEvent } from '@atendo/contracts';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import type { EventStore } from '../eventstore/port.js';
import { streamId } from '../eventstore/streams.js';
import { recordDecider, type RecordDecider } from '../records/record.js';
import { claimUnique } from '../records/unique.js';

/** A WhatsApp connection's settings. Stream prefix and event names keep `whatsapp`: the log has them so. */
export const whatsappDecider: RecordDecider<WhatsappFields, Exclude<ConnectionEvent, WhatsappSessionEvent>> = recordDecider('Whatsapp', 'ERR_NO_WAPP_FOUND');

export const whatsappStream = (companyId: number, id: number) => streamId('whatsapp', companyId, id);

/** Creates a connection once its name is claimed: names are unique within a company. */
export async function createConnection(store: EventStore, id: number, fields: WhatsappFields, context: CommandContext) {
  const stream = whatsappStream(fields.companyId, id);
  await claimUnique(store, { companyId: fields.companyId, kind: 'connectionName', value: fields.name, owner: stream, code: 'ERR_WAPP_NAME_ALREADY_EXISTS' }, context);
  return handleCommand(store, whatsappDecider, stream, { type: 'create', id, fields }, context);
}
