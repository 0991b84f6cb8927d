import { createHash } from 'node:crypto';
import { composeConversation, type ConversationDecider } from './compose.js';
import type { ConversationFamily } from './family.js';

export { inboundEventId, nameBasedUuid } from '../messages/inboundIds.js';
export type { ContactStreamCommand } from './family.js';
export type { ConversationDecider } from './compose.js';

/** The version of the conversation's core in snapshots: bump it when the core's shape or a window's size changes. */
const CORE_VERSION = 7;

/** A snapshot is written each time a customer's stream passes a multiple of this many events. */
const SNAPSHOT_EVERY = 100;

/**
 * The snapshot version of a set of families: a stable hash of the core's version and each family's name with its
 * slice's key and version (the order of the list does not matter; snapshots hold slices by key). Another set of
 * families, or a slice whose version was bumped, gives another version, so its snapshots are ignored, never misread.
 * The hash lands in [2^30, 2^31): a snapshot table's `int`, never a hand-written small version of before.
 */
export function conversationSnapshotVersion(families: ReadonlyArray<ConversationFamily>): number {
  const parts = families.map((f) => (f.slice ? `${f.name}:${f.slice.key}@${f.slice.version ?? 1}` : f.name)).sort();
  const digest = createHash('sha256').update(`core@${CORE_VERSION}|${parts.join('|')}`).digest();
  return (digest.readUInt32BE(0) & 0x3fffffff) | 0x40000000;
}

/**
 * The customer's stream (`contact-{companyId}.{number}`) decided and folded by `families` (decisions 0013, 0045).
 * Nothing in core lists them: the server's are what its feature modules bring (`conversation: [ticketFlowRules]`),
 * composed by the composition root in the feature list's order; specs compose the families they speak of
 * (`services/core/src/testing/conversation.ts`).
 */
export function contactStreamDecider(families: ReadonlyArray<ConversationFamily>): ConversationDecider {
  return composeConversation(families, { version: conversationSnapshotVersion(families), every: SNAPSHOT_EVERY });
}
