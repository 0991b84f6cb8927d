import { composeKeys } from './compose.js';

/**
 * The realtime feed. Projectors write entries with a per-company sequence; the WebSocket server delivers
 * each entry to the sockets of that company whose user may see it.
 */

/**
 * The channels of the feed (suffixes of the spec's `company-{companyId}-{suffix}` events) with the payload each
 * carries. Empty here: each feature declares its own (`contracts/src/<feature>/realtime.ts`) and adds them by module
 * augmentation (`interface FeedCatalogue extends PayloadsOf<typeof SCHEDULES_CHANNELS> {}`).
 */
export interface FeedCatalogue {}

export type FeedChannel = keyof FeedCatalogue & string;

/** What an entry of `channel` carries. */
export type FeedPayload<C extends FeedChannel> = FeedCatalogue[C];

/** A channel's declaration: its payload is a type only (nothing travels at run time but the name). */
export interface ChannelDeclaration<P> {
  readonly payload?: P;
}

/** Declares one channel carrying `P`. */
export const feedChannel = <P extends { action: string }>(): ChannelDeclaration<P> => ({});

export type ChannelDefinitions = Readonly<Record<string, ChannelDeclaration<unknown>>>;

/** Declares a feature's channels by name; the names join `FeedChannel` by augmentation. */
export function defineChannels<const T extends ChannelDefinitions>(channels: T): T {
  return channels;
}

/** The payloads of a feature's channels, as members the feed's catalogue can extend. */
export type PayloadsOf<T extends ChannelDefinitions> = { readonly [K in keyof T]: T[K] extends ChannelDeclaration<infer P> ? P : never };

/** The channel names of a composition (the server's feature list, the console's), refusing one declared twice. */
export function composeChannels(groups: readonly ChannelDefinitions[]): FeedChannel[] {
  return composeKeys<FeedChannel>(groups, 'Feed channel');
}

export function channelName(companyId: number, channel: FeedChannel): string {
  return `company-${companyId}-${channel}`;
}

/** Who may see an entry. Admins see everything of their company, but what is one user's own (`self`). */
export type Audience =
  | { kind: 'company' }
  /** One user's own sessions, and nobody else's consoles (not even admins'): the "signed in elsewhere" notice. */
  | { kind: 'self'; userId: number }
  | { kind: 'admins' }
  | { kind: 'users'; userIds: number[] }
  /**
   * A ticket's update: users of its queue (a pending one without a queue: users with `allTicket`) and the users
   * named — its assignee, and one who just lost it, so their list drops it.
   */
  | { kind: 'ticket'; queueId: number | null; userIds: number[]; pending?: boolean };

export interface Viewer {
  userId: number;
  companyId: number;
  profile: 'admin' | 'user';
  /** The platform's super-user flag. */
  super: boolean;
  queueIds: number[];
  /** The user's `allTicket`: they also see pending tickets that have no queue yet. */
  allTicket?: boolean;
  /** The user's language, when set: the API words its errors in it when the request names none. */
  language?: string | null;
}

export function canSee(viewer: Viewer, audience: Audience): boolean {
  if (audience.kind === 'self') return viewer.userId === audience.userId;
  if (viewer.profile === 'admin') return true;
  switch (audience.kind) {
    case 'company':
      return true;
    case 'admins':
      return false;
    case 'users':
      return audience.userIds.includes(viewer.userId);
    case 'ticket':
      if (audience.userIds.includes(viewer.userId)) return true;
      if (audience.queueId === null) return audience.pending === true && viewer.allTicket === true;
      return viewer.queueIds.includes(audience.queueId);
    default: {
      const unreachable: never = audience;
      return unreachable;
    }
  }
}

/** What a projector emits; the runtime gives it a sequence when it commits. */
export interface FeedDraft {
  companyId: number;
  channel: FeedChannel;
  payload: Record<string, unknown> & { action: string };
  audience: Audience;
}

export interface FeedEntry extends FeedDraft {
  seq: number;
}

/** Messages the server sends over the socket. */
export type ServerMessage =
  | { type: 'ready'; seq: number }
  | { type: 'entry'; seq: number; event: string; payload: Record<string, unknown> }
  /** Lists must be fetched again: retention dropped what was missed, or the client's sequence is not this feed's. */
  | { type: 'reload'; reason: 'retention' | 'rebuild' | 'ahead' }
  | { type: 'error'; error: string };

/**
 * Messages the client sends. The first one is `auth` (the token never travels in the URL), with the last sequence
 * seen when resuming; `auth` again on an open socket extends it with a fresh token of the same user.
 */
export type ClientMessage =
  | { type: 'auth'; token: string; lastSeq?: number }
  | { type: 'ack'; seq: number }
  | { type: 'join'; room: string }
  /** Presence (spec: every 300 s): the user is at the console; without one for 5 minutes they count as offline. */
  | { type: 'userStatus' };

/** Close codes of the realtime socket. */
export const CLOSE_UNAUTHORISED = 4401;
/** The client read too slowly and its send buffer passed the bound: reconnect and resume from the last sequence. */
export const CLOSE_TOO_SLOW = 4408;
