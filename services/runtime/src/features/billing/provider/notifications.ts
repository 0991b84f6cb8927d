import type { ProviderNotification } from './port.js';

const VALUE = /^\d{1,10}\.\d{2}$/;

/**
 * The notifications of a webhook body shaped as Efí's (and the Pix API's): `{ pix: [{ endToEndId, txid, valor,
 * horario }] }`. Null when the body is not that shape; an empty list for a body without `pix` (Efí's test delivery
 * when a webhook is registered).
 */
export function readPixNotifications(rawBody: Buffer): ProviderNotification[] | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const list = (body as { pix?: unknown }).pix;
  if (list === undefined) return [];
  if (!Array.isArray(list)) return null;
  const out: ProviderNotification[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { endToEndId, txid, valor, horario } = item as Record<string, unknown>;
    if (typeof endToEndId !== 'string' || !endToEndId || typeof txid !== 'string' || typeof valor !== 'string' || !VALUE.test(valor) || typeof horario !== 'string') return null;
    out.push({ endToEndId, txid, valor, horario });
  }
  return out;
}
