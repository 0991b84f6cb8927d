import type { UserFields, UserEvent } from '@atendo/contracts';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import type { EventStore } from '../eventstore/port.js';
import { streamId, PLATFORM_COMPANY } from '../eventstore/streams.js';
import { recordDecider, type RecordDecider } from '../records/record.js';
import { claimUnique } from '../records/unique.js';

export const userDecider: RecordDecider<UserFields, UserEvent> = recordDecider('User', 'ERR_NO_USER_FOUND');

export const userStream = (companyId: number, id: number) => streamId('user', companyId, id);

/** Creates a user once its e-mail is claimed: e-mails are unique on the whole platform (login names no company). */
export async function createUser(store: EventStore, id: number, fields: UserFields, context: CommandContext) {
  const stream = userStream(fields.companyId, id);
  await claimUnique(store, { companyId: PLATFORM_COMPANY, kind: 'userEmail', value: fields.email, owner: stream, code: 'ERR_USER_EMAIL_ALREADY_EXISTS' }, context);
  return handleCommand(store, userDecider, stream, { type: 'create', id, fields }, context);
}
