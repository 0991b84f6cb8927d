import { createHash } from 'node:crypto';

/** A v5-style UUID named by `name`: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(name).digest('hex');
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${((parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hash.slice(18, 20)}-${hash.slice(20, 32)}`;
}

/** The event id of an outside fact: the same WhatsApp message always gives the same id. */
export function inboundEventId(companyId: number, whatsappId: number, messageId: string): string {
  return nameBasedUuid(`atendo:inbound:${companyId}:${whatsappId}:${messageId}`);
}
