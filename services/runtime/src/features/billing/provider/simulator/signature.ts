import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header the simulator signs its deliveries with: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-pix-signature';

export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether the delivery's signature header is the body's, compared in constant time; false when absent or malformed. */
export function signatureOk(secret: string, headers: IncomingHttpHeaders, rawBody: Buffer): boolean {
  const given = headers[SIGNATURE_HEADER];
  if (typeof given !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signBody(secret, rawBody).slice(7), 'hex');
  const received = Buffer.from(given.slice(7).toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
