import { createHash } from 'node:crypto';
import { jidDecode } from '@whiskeysockets/baileys';

/**
 * The WhatsApp message id a send with this idempotency key uses. Baileys lets a send choose its id, so a send repeated
 * after a crash (or an unknown outcome) carries the same id: WhatsApp and the acks that follow match it, and the
 * customer's phone shows it once. The shape ('3EB0' + 18 upper-case hex) is the one Baileys' own ids have.
 */
export function providerMessageIdFor(idempotencyKey: string): string {
  return `3EB0${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 18).toUpperCase()}`;
}

/**
 * Who a WhatsApp address is: its phone number, its LID (WhatsApp's privacy identifier), or both when WhatsApp
 * revealed the pair. Both are the user part only, digits, without server or device.
 */
export interface Identity {
  pn: string | null;
  lid: string | null;
}

const PN_SERVERS = new Set(['s.whatsapp.net', 'c.us', 'hosted']);
const LID_SERVERS = new Set(['lid', 'hosted.lid']);

/** The JID WhatsApp addresses a phone number with. */
export function pnJid(digits: string): string {
  if (!/^\d{5,20}$/.test(digits)) throw new Error(`Not a phone number (digits with country code): "${digits}"`);
  return `${digits}@s.whatsapp.net`;
}

/** The JID of a LID user part. */
export function lidJid(lid: string): string {
  if (!/^\d{1,30}$/.test(lid)) throw new Error(`Not a LID user part: "${lid}"`);
  return `${lid}@lid`;
}

/** The address to reply to: the phone number when known (it works for every contact), else the LID. */
export function replyJid(identity: Identity): string {
  if (identity.pn) return pnJid(identity.pn);
  if (identity.lid) return lidJid(identity.lid);
  throw new Error('An identity without phone number nor LID has no address');
}

function userOf(jid: string | null | undefined): { kind: 'pn' | 'lid'; user: string } | null {
  const decoded = jid ? jidDecode(jid) : undefined;
  if (!decoded?.user || !/^\d+$/.test(decoded.user)) return null;
  if (PN_SERVERS.has(decoded.server)) return { kind: 'pn', user: decoded.user };
  if (LID_SERVERS.has(decoded.server)) return { kind: 'lid', user: decoded.user };
  return null;
}

/**
 * The identity behind a JID and its alternate (a message key's remoteJid/remoteJidAlt or participant/participantAlt,
 * which come in either order). Null when neither is a person (a group, a broadcast, a newsletter, nothing).
 */
export function toIdentity(jid: string | null | undefined, alt?: string | null): Identity | null {
  const identity: Identity = { pn: null, lid: null };
  for (const part of [userOf(jid), userOf(alt)]) {
    if (part && identity[part.kind] === null) identity[part.kind] = part.user;
  }
  return identity.pn === null && identity.lid === null ? null : identity;
}
