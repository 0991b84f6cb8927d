import { createHash } from 'node:crypto';
import type { ErrorCode } from '@atendo/contracts';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import type { Decider, DomainEvent } from '../commands/decider.js';
import { DomainError, type EventStore, streamId } from '@atendo/platform';

/**
 * A shared building block, kept here in one place for every feature that needs it (users claim e-mails, connections
 * claim names). Values the product promises are unique (a user's e-mail on the whole platform, a connection's name in its company)
 * are decided on the write side: the value gets a stream of its own, and whoever claims it first owns it. The record
 * that holds the value is written after its claim, so a read-model index never has to refuse a fact. A customer's
 * number needs no claim: the number is its conversation's stream id (decision 0007).
 */
export type UniqueKind = 'userEmail' | 'connectionName' | 'queueColor' | 'contactListItemNumber';

export type UniqueEvent =
  | DomainEvent<'UniqueValueClaimed', { kind: UniqueKind; value: string; owner: string; claimedAt: string }>
  | DomainEvent<'UniqueValueReleased', { kind: UniqueKind; value: string; owner: string }>;

export type UniqueCommand =
  | { type: 'claim'; kind: UniqueKind; value: string; owner: string; code: ErrorCode; claimedAt: string; ownerGone?: boolean }
  | { type: 'release'; kind: UniqueKind; value: string; owner: string };

export interface UniqueState {
  owner: string | null;
  claimedAt: string | null;
}

export const uniqueDecider: Decider<UniqueCommand, UniqueEvent, UniqueState> = {
  initialState: () => ({ owner: null, claimedAt: null }),
  evolve: (_state, event) =>
    event.type === 'UniqueValueClaimed' ? { owner: event.data.owner, claimedAt: event.data.claimedAt } : { owner: null, claimedAt: null },
  decide(command, state) {
    const data = { kind: command.kind, value: command.value, owner: command.owner };
    if (command.type === 'release') return state.owner === command.owner ? [{ type: 'UniqueValueReleased', data }] : [];
    if (state.owner === command.owner) return [];
    if (state.owner !== null && !command.ownerGone) {
      throw new DomainError(command.code, `“${command.value}” is already in use`, { value: command.value });
    }
    return [{ type: 'UniqueValueClaimed', data: { ...data, claimedAt: command.claimedAt } }];
  },
};

/** Case and surrounding spaces do not make a value different. */
export function normaliseUnique(value: string): string {
  return value.trim().toLowerCase();
}

export function uniqueStream(companyId: number, kind: UniqueKind, value: string): string {
  return streamId('unique', companyId, `${kind}.${createHash('sha256').update(normaliseUnique(value)).digest('hex').slice(0, 40)}`);
}

export interface UniqueClaim {
  companyId: number;
  kind: UniqueKind;
  value: string;
  /** The stream of the record that will hold the value: claiming again for the same owner changes nothing. */
  owner: string;
  /** The catalogue code a person sees when the value is taken. */
  code: ErrorCode;
}

/** A claim whose owner never wrote its record for this long (its writer crashed in between) may be taken over. */
const ORPHAN_AFTER_MS = 5 * 60_000;

export async function claimUnique(store: EventStore, claim: UniqueClaim, context: CommandContext): Promise<void> {
  const stream = uniqueStream(claim.companyId, claim.kind, claim.value);
  const value = normaliseUnique(claim.value);
  const now = Date.now();
  await handleCommand(store, uniqueDecider, stream, async (state: UniqueState) => {
    const ownerGone =
      state.owner !== null &&
      state.owner !== claim.owner &&
      now - Date.parse(state.claimedAt ?? '') > ORPHAN_AFTER_MS &&
      (await store.readStream(state.owner, { maxCount: 1 })).length === 0;
    return { type: 'claim' as const, kind: claim.kind, value, owner: claim.owner, code: claim.code, claimedAt: new Date(now).toISOString(), ownerGone };
  }, context);
}

export async function releaseUnique(store: EventStore, claim: Omit<UniqueClaim, 'code'>, context: CommandContext): Promise<void> {
  const stream = uniqueStream(claim.companyId, claim.kind, claim.value);
  await handleCommand(store, uniqueDecider, stream, { type: 'release', kind: claim.kind, value: normaliseUnique(claim.value), owner: claim.owner }, context);
}
