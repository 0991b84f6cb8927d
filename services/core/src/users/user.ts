import type { PasswordChangedBy, UserEvent, UserFields } from '@atendo/contracts';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import type { Decider } from '../commands/decider.js';
import { DomainError, type EventStore, streamId, PLATFORM_COMPANY } from '@atendo/platform';
import { recordDecider, type RecordCommand, type RecordState } from '../records/record.js';
import { claimUnique, releaseUnique } from '../records/unique.js';

export type UserCommand = RecordCommand<UserFields> | { type: 'changePassword'; by: PasswordChangedBy } | { type: 'signIn'; sessionId: string };

const record = recordDecider<'User', UserFields>('User', 'ERR_NO_USER_FOUND');

/**
 * A user's record, and that their password changed: the hash itself lives outside the log (decision 0015), the
 * event says only who changed it, for the audit.
 */
export const userDecider: Decider<UserCommand, UserEvent, RecordState<UserFields>> = {
  initialState: record.initialState,
  evolve: (state, event) => (event.type === 'PasswordChanged' || event.type === 'UserSignedIn' ? state : record.evolve(state, event as never)),
  decide(command, state) {
    if (command.type === 'changePassword') {
      if (state.status !== 'live') throw new DomainError('ERR_NO_USER_FOUND', undefined, undefined, 404);
      return [{ type: 'PasswordChanged', data: { id: state.id, by: command.by } }];
    }
    if (command.type === 'signIn') {
      if (state.status !== 'live') throw new DomainError('ERR_NO_USER_FOUND', undefined, undefined, 404);
      return [{ type: 'UserSignedIn', data: { id: state.id, sessionId: command.sessionId } }];
    }
    return record.decide(command, state) as UserEvent[];
  },
};

export const userStream = (companyId: number, id: number) => streamId('user', companyId, id);

const emailClaim = (fields: Pick<UserFields, 'companyId' | 'email'>, id: number) =>
  ({ companyId: PLATFORM_COMPANY, kind: 'userEmail', value: fields.email, owner: userStream(fields.companyId, id) }) as const;

/** Creates a user once its e-mail is claimed: e-mails are unique on the whole platform (login names no company). */
export async function createUser(store: EventStore, id: number, fields: UserFields, context: CommandContext) {
  await claimUnique(store, { ...emailClaim(fields, id), code: 'ERR_USER_EMAIL_ALREADY_EXISTS' }, context);
  return handleCommand(store, userDecider, userStream(fields.companyId, id), { type: 'create', id, fields }, context);
}

/** Changes a user; a new e-mail is claimed before and the old one released after. */
export async function changeUser(store: EventStore, companyId: number, id: number, changes: Partial<UserFields>, previousEmail: string, context: CommandContext) {
  const newEmail = changes.email !== undefined && changes.email.toLowerCase() !== previousEmail.toLowerCase();
  if (newEmail) await claimUnique(store, { ...emailClaim({ companyId, email: changes.email! }, id), code: 'ERR_USER_EMAIL_ALREADY_EXISTS' }, context);
  const result = await handleCommand(store, userDecider, userStream(companyId, id), { type: 'update', changes }, context);
  if (newEmail) await releaseUnique(store, emailClaim({ companyId, email: previousEmail }, id), context);
  return result;
}

/** Deletes a user and frees their e-mail for someone else. */
export async function deleteUser(store: EventStore, companyId: number, id: number, email: string, context: CommandContext) {
  const result = await handleCommand(store, userDecider, userStream(companyId, id), { type: 'delete' }, context);
  await releaseUnique(store, emailClaim({ companyId, email }, id), context);
  return result;
}
