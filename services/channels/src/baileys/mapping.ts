import type { Ack, MediaType } from '@atendo/contracts';
import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  normalizeMessageContent,
  proto,
  type MessageUserReceiptUpdate,
  type WACallEvent,
  type WACallUpdateType,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { toIdentity, type Identity } from './ids.js';

/**
 * What one WhatsApp object (a message, an update, a receipt, a call) tells the platform, as plain facts. The Baileys
 * provider turns them into sink calls; nothing here does I/O.
 */

export interface MediaInfo {
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  mimetype: string;
  fileName?: string;
  /** A voice note (audio recorded in the chat) rather than an audio file. */
  ptt?: boolean;
  seconds?: number;
  fileLength?: number;
}

export interface MessageFact {
  kind: 'message';
  providerMessageId: string;
  chatJid: string;
  /** The other side of a 1:1 chat (also for our own messages sent from the phone); null in a group. */
  chat: Identity | null;
  /** Who wrote it: the customer, the group participant, or the account itself (`me`) when fromMe. */
  from: Identity;
  pushName?: string;
  /** ms since epoch */
  timestamp: number;
  body: string;
  mediaType: MediaType;
  media?: MediaInfo;
  quotedProviderMessageId?: string;
  /** The id of the button or list row a customer picked (the body holds its text). */
  selectedId?: string;
  isGroup: boolean;
  viewOnce?: boolean;
  ephemeral?: boolean;
  fromMe: boolean;
}

export interface ReactionFact {
  kind: 'reaction';
  providerMessageId: string;
  targetProviderMessageId: string;
  chatJid: string;
  from: Identity;
  /** '' when the reaction was removed. */
  emoji: string;
  fromMe: boolean;
  timestamp: number;
}

export interface EditFact {
  kind: 'edit';
  providerMessageId: string;
  targetProviderMessageId: string;
  chatJid: string;
  from: Identity;
  body: string;
  fromMe: boolean;
  timestamp: number;
}

export interface RevokeFact {
  kind: 'revoke';
  providerMessageId: string;
  targetProviderMessageId: string;
  chatJid: string;
  from: Identity;
  fromMe: boolean;
  timestamp: number;
}

/**
 * A sent message's delivery state. `ack` is the platform's scale (port.ts: 1 server, 2 delivered, 3 read, 4 played);
 * `status` is WhatsApp's (0 ERROR, 2 SERVER_ACK, 3 DELIVERY_ACK, 4 READ, 5 PLAYED). An error ack (ack 0, status 0)
 * carries WhatsApp's code, e.g. '463' (no privacy token for that contact) or '479' (stanza refused).
 */
export interface AckFact {
  kind: 'ack';
  providerMessageId: string;
  ack: Ack;
  status: number;
  errorCode?: string;
}

export interface CallFact {
  kind: 'call';
  callId: string;
  chatJid: string;
  from: Identity;
  status: WACallUpdateType;
  /** The call rang while this session was offline (delivered on reconnect). */
  offline: boolean;
  isVideo: boolean;
  isGroup: boolean;
  timestamp: number;
}

/** WhatsApp showed that this LID and this phone number are the same person. */
export interface IdentityFact {
  kind: 'identity';
  lid: string;
  pn: string;
}

export type BaileysFact = MessageFact | ReactionFact | EditFact | RevokeFact | AckFact | CallFact | IdentityFact;

/** The account's own JIDs (Baileys' `creds.me`), so that messages sent from the phone say who wrote them. */
export interface Me {
  id?: string | null;
  lid?: string | null;
}

const NOBODY: Identity = { pn: null, lid: null };

/**
 * One message of `messages.upsert` → facts, identity facts first. The caller must pass the messages of both upsert
 * types: `notify` (live) and `append` (delivered while offline, our own sends echoed back, stubs); filtering on
 * `notify` loses what customers sent while the session was down. Our own sends come back as fromMe messages with the
 * id we chose, so recording must stay idempotent by providerMessageId.
 */
export function mapMessage(msg: WAMessage, me: Me = {}): BaileysFact[] {
  const key = msg.key;
  const chatJid = key.remoteJid ?? '';
  // Status updates, newsletters and broadcast lists are not conversations with a customer.
  if (!chatJid || !key.id || isJidBroadcast(chatJid) || isJidNewsletter(chatJid)) return [];
  const facts: BaileysFact[] = identitiesOf(key);
  const content = contentOf(msg, me);
  if (content) facts.push(content);
  return facts;
}

/**
 * One entry of `messages.update` → an ack fact for our own sends. Revokes and edits also pass here, but the
 * protocol message that caused them came through `messages.upsert` (with its author), so they are taken from there.
 * Read receipts our own phone sends for a customer's message (fromMe false) do not move a delivery state.
 */
export function mapUpdate({ key, update }: WAMessageUpdate): BaileysFact[] {
  if (!key.id || key.fromMe === false || typeof update.status !== 'number') return [];
  if (update.status === proto.WebMessageInfo.Status.ERROR) {
    const code = (update.messageStubParameters as unknown[] | undefined)?.[0];
    return [{ kind: 'ack', providerMessageId: key.id, ack: 0, status: 0, errorCode: typeof code === 'string' ? code : 'unknown' }];
  }
  const ack = platformAck(update.status);
  return ack === null ? [] : [{ kind: 'ack', providerMessageId: key.id, ack, status: update.status }];
}

/** One entry of `message-receipt.update` (receipts in groups, one per participant) → an ack fact. */
export function mapReceipt({ key, receipt }: MessageUserReceiptUpdate): BaileysFact[] {
  if (!key.id || key.fromMe === false) return [];
  const { Status } = proto.WebMessageInfo;
  const status = receipt.playedTimestamp ? Status.PLAYED : receipt.readTimestamp ? Status.READ : receipt.receiptTimestamp ? Status.DELIVERY_ACK : null;
  const ack = status === null ? null : platformAck(status);
  return ack === null || status === null ? [] : [{ kind: 'ack', providerMessageId: key.id, ack, status }];
}

/** A `call` event → the call, and the caller's LID ↔ phone pair when WhatsApp sent both. */
export function mapCall(call: WACallEvent): BaileysFact[] {
  const from = toIdentity(call.from, call.callerPn);
  if (!from) return [];
  const facts: BaileysFact[] = from.lid && from.pn ? [{ kind: 'identity', lid: from.lid, pn: from.pn }] : [];
  facts.push({
    kind: 'call',
    callId: call.id,
    chatJid: call.chatId,
    from,
    status: call.status,
    offline: call.offline,
    isVideo: !!call.isVideo,
    isGroup: !!call.isGroup,
    timestamp: new Date(call.date).getTime(),
  });
  return facts;
}

/** WhatsApp's message status → the platform's ack; null for PENDING (nothing happened yet) and unknown values. */
export function platformAck(status: number): Ack | null {
  const { Status } = proto.WebMessageInfo;
  switch (status) {
    case Status.SERVER_ACK:
      return 1;
    case Status.DELIVERY_ACK:
      return 2;
    case Status.READ:
      return 3;
    case Status.PLAYED:
      return 4;
    default:
      return null;
  }
}

// ---- internals -------------------------------------------------------------------------------------------------

/** Every LID ↔ phone pair a key reveals: the chat's (1:1) and the participant's (groups), in either order. */
function identitiesOf(key: WAMessageKey): IdentityFact[] {
  const facts: IdentityFact[] = [];
  for (const [jid, alt] of [
    [key.remoteJid, key.remoteJidAlt],
    [key.participant, key.participantAlt],
  ]) {
    const identity = alt ? toIdentity(jid, alt) : null;
    if (identity?.lid && identity.pn && !facts.some((f) => f.lid === identity.lid)) facts.push({ kind: 'identity', lid: identity.lid, pn: identity.pn });
  }
  return facts;
}

function contentOf(msg: WAMessage, me: Me): Exclude<BaileysFact, IdentityFact> | null {
  const key = msg.key;
  const chatJid = key.remoteJid!;
  const providerMessageId = key.id!;
  const isGroup = isJidGroup(chatJid) === true;
  const fromMe = key.fromMe === true;
  const from = fromMe ? (toIdentity(me.id, me.lid) ?? NOBODY) : isGroup ? toIdentity(key.participant, key.participantAlt) : toIdentity(chatJid, key.remoteJidAlt);
  // A message without an author we can name (a group stub, a system notice) has nobody to record it for.
  if (!from) return null;
  const timestamp = numberOf(msg.messageTimestamp) * 1000;
  const content = normalizeMessageContent(msg.message);
  if (!content) return null;
  const about = { providerMessageId, chatJid, from, fromMe, timestamp };

  if (content.protocolMessage) {
    const protocol = content.protocolMessage;
    const target = protocol.key?.id;
    if (!target) return null;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { kind: 'revoke', ...about, targetProviderMessageId: target };
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const body = protocol.editedMessage ? textOf(normalizeMessageContent(protocol.editedMessage)) : null;
      const editedAt = numberOf(protocol.timestampMs);
      return body === null ? null : { kind: 'edit', ...about, targetProviderMessageId: target, body, timestamp: editedAt > 0 ? editedAt : timestamp };
    }
    return null;
  }
  if (content.reactionMessage) {
    const reaction = content.reactionMessage;
    const target = reaction.key?.id;
    if (!target) return null;
    const sentAt = numberOf(reaction.senderTimestampMs);
    return { kind: 'reaction', ...about, targetProviderMessageId: target, emoji: reaction.text ?? '', timestamp: sentAt > 0 ? sentAt : timestamp };
  }

  const shown = shownContent(content);
  if (!shown) return null;
  const fact: MessageFact = {
    kind: 'message',
    ...about,
    chat: isGroup ? null : toIdentity(chatJid, key.remoteJidAlt),
    body: shown.body,
    mediaType: shown.mediaType,
    isGroup,
  };
  if (!fromMe && msg.pushName) fact.pushName = msg.pushName;
  if (shown.media) fact.media = shown.media;
  if (shown.selectedId) fact.selectedId = shown.selectedId;
  const quoted = shown.contextInfo?.stanzaId;
  if (quoted) fact.quotedProviderMessageId = quoted;
  const wrappers = wrappersOf(msg.message);
  if (wrappers.viewOnce || shown.viewOnce) fact.viewOnce = true;
  if (wrappers.ephemeral || (shown.contextInfo?.expiration ?? 0) > 0) fact.ephemeral = true;
  return fact;
}

interface Shown {
  body: string;
  mediaType: MediaType;
  media?: MediaInfo;
  selectedId?: string;
  contextInfo?: proto.IContextInfo | null;
  viewOnce?: boolean;
}

/** The part of a message a person sees: text, media with its caption, a place, contact cards, a button or list reply. */
function shownContent(c: proto.IMessage): Shown | null {
  if (typeof c.conversation === 'string') return { body: c.conversation, mediaType: 'chat' };
  if (c.extendedTextMessage) return { body: c.extendedTextMessage.text ?? '', mediaType: 'chat', contextInfo: c.extendedTextMessage.contextInfo };
  if (c.imageMessage) return media(c.imageMessage, 'image', 'image', c.imageMessage.caption ?? '');
  const video = c.videoMessage ?? c.ptvMessage;
  if (video) return media(video, 'video', 'video', video.caption ?? '');
  if (c.audioMessage) return media(c.audioMessage, 'audio', 'audio', '');
  if (c.documentMessage) {
    const doc = c.documentMessage;
    return media(doc, 'document', 'application', doc.caption || doc.fileName || '');
  }
  if (c.stickerMessage) return media(c.stickerMessage, 'sticker', 'image', '');
  const place = c.locationMessage ?? c.liveLocationMessage;
  if (place) return { body: locationBody(place), mediaType: 'locationMessage', contextInfo: place.contextInfo };
  if (c.contactMessage) return { body: c.contactMessage.vcard ?? '', mediaType: 'vcard', contextInfo: c.contactMessage.contextInfo };
  if (c.contactsArrayMessage) {
    // One message, one body: the cards one after the other (each is a whole BEGIN:VCARD … END:VCARD block).
    const cards = (c.contactsArrayMessage.contacts ?? []).map((card) => card.vcard?.trim() ?? '').filter(Boolean);
    return { body: cards.join('\n'), mediaType: 'vcard', contextInfo: c.contactsArrayMessage.contextInfo };
  }
  if (c.buttonsResponseMessage) {
    const reply = c.buttonsResponseMessage;
    return choice(reply.selectedDisplayText || reply.selectedButtonId || '', reply.selectedButtonId, reply.contextInfo);
  }
  if (c.templateButtonReplyMessage) {
    const reply = c.templateButtonReplyMessage;
    return choice(reply.selectedDisplayText || reply.selectedId || '', reply.selectedId, reply.contextInfo);
  }
  if (c.listResponseMessage) {
    const reply = c.listResponseMessage;
    const rowId = reply.singleSelectReply?.selectedRowId;
    return choice(reply.title || rowId || '', rowId, reply.contextInfo);
  }
  if (c.interactiveResponseMessage) {
    const reply = c.interactiveResponseMessage;
    return choice(reply.body?.text ?? '', nativeFlowId(reply.nativeFlowResponseMessage?.paramsJson), reply.contextInfo);
  }
  return null;
}

interface MediaMessage {
  mimetype?: string | null;
  fileLength?: number | Long | string | null;
  seconds?: number | null;
  ptt?: boolean | null;
  fileName?: string | null;
  viewOnce?: boolean | null;
  contextInfo?: proto.IContextInfo | null;
}
type Long = { low: number; high: number; unsigned?: boolean };

const DEFAULT_MIMETYPES: Record<MediaInfo['kind'], string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg; codecs=opus',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

function media(m: MediaMessage, kind: MediaInfo['kind'], mediaType: MediaType, body: string): Shown {
  const info: MediaInfo = { kind, mimetype: m.mimetype || DEFAULT_MIMETYPES[kind] };
  if (m.fileName) info.fileName = m.fileName;
  if (kind === 'audio') info.ptt = m.ptt === true;
  if (m.seconds) info.seconds = m.seconds;
  const length = numberOf(m.fileLength);
  if (length > 0) info.fileLength = length;
  return { body, mediaType, media: info, contextInfo: m.contextInfo, viewOnce: m.viewOnce === true };
}

function choice(body: string, selectedId: string | null | undefined, contextInfo: proto.IContextInfo | null | undefined): Shown {
  const shown: Shown = { body, mediaType: 'chat', contextInfo };
  if (selectedId) shown.selectedId = selectedId;
  return shown;
}

/** A native-flow reply names the chosen option in a JSON parameter, usually `id`. */
function nativeFlowId(paramsJson: string | null | undefined): string | undefined {
  if (!paramsJson) return undefined;
  try {
    const params = JSON.parse(paramsJson) as { id?: unknown };
    return typeof params.id === 'string' ? params.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The spec's location body, pipe-separated: a preview image, a map link, a description (the place's name and address,
 * or the coordinates).
 */
export function locationBody(place: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage): string {
  const lat = place.degreesLatitude ?? 0;
  const lng = place.degreesLongitude ?? 0;
  const thumbnail = place.jpegThumbnail ? base64(place.jpegThumbnail) : '';
  const named = 'name' in place ? [place.name, place.address] : [];
  const description = named.filter((part): part is string => !!part).join(' - ') || `${lat}, ${lng}`;
  return `data:image/png;base64,${thumbnail}|https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR|${description}`;
}

/** Text of an edited message's new content: its text, or its new caption. */
function textOf(c: proto.IMessage | undefined): string | null {
  if (!c) return null;
  if (typeof c.conversation === 'string') return c.conversation;
  const text = c.extendedTextMessage?.text ?? c.imageMessage?.caption ?? c.videoMessage?.caption ?? c.documentMessage?.caption;
  return typeof text === 'string' ? text : null;
}

/** Whether a message came wrapped as view-once or disappearing (normalizeMessageContent drops the wrappers). */
function wrappersOf(message: proto.IMessage | null | undefined): { viewOnce: boolean; ephemeral: boolean } {
  const found = { viewOnce: false, ephemeral: false };
  let m = message;
  for (let depth = 0; m && depth < 5; depth++) {
    if (m.ephemeralMessage) {
      found.ephemeral = true;
      m = m.ephemeralMessage.message;
    } else if (m.viewOnceMessage || m.viewOnceMessageV2 || m.viewOnceMessageV2Extension) {
      found.viewOnce = true;
      m = (m.viewOnceMessage ?? m.viewOnceMessageV2 ?? m.viewOnceMessageV2Extension)!.message;
    } else {
      const inner = m.documentWithCaptionMessage ?? m.editedMessage;
      m = inner?.message;
    }
  }
  return found;
}

function base64(bytes: Uint8Array | string): string {
  return typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('base64');
}

/** A protobuf number field: a number, a Long (decoded int64) or a string (a Long after JSON). */
function numberOf(value: number | Long | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value) || 0;
  return value.high * 2 ** 32 + (value.low >>> 0);
}
