import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { WebhookDelivery } from './port.js';

/**
 * The delivery a webhook request makes, for `verifyWebhook`: its headers, raw body and query, and the SHA-256
 * fingerprint of its TLS client certificate only when the TLS layer verified that certificate against the CAs the
 * server was given (`requestCert: true`, `ca: Efí's chain`); a certificate it could not verify counts as none.
 * Behind a proxy that ends TLS, the proxy verifies and this sees no certificate (use Efí's hmac alternative).
 */
export function webhookDelivery(request: IncomingMessage & { query?: unknown }, rawBody: Buffer): WebhookDelivery {
  const socket = request.socket as Partial<TLSSocket>;
  let fingerprint: string | null = null;
  if (socket.encrypted && socket.authorized && typeof socket.getPeerCertificate === 'function') {
    const certificate = socket.getPeerCertificate();
    if (certificate && typeof certificate.fingerprint256 === 'string' && certificate.fingerprint256) fingerprint = certificate.fingerprint256;
  }
  const query = typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : Object.fromEntries(new URL(request.url ?? '/', 'http://x').searchParams);
  return { headers: request.headers, rawBody, clientCertificateFingerprint: fingerprint, query };
}
