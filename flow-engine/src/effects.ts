import type { EffectResult } from '@atendo/contracts';
import type { EffectContext, EffectPerformer } from './plugin.js';

/**
 * The runtime's one way to carry out an effect: the performer's value or its failure as the result the block is woken
 * with. A performer that is missing, throws or misses the deadline gives `{ ok: false, error }`.
 */
export async function performEffect(performer: EffectPerformer | undefined, name: string, input: unknown, context: EffectContext): Promise<EffectResult> {
  if (!performer) return { ok: false, error: `no performer for effect "${name}"` };
  try {
    return { ok: true, value: await performer(input, context) };
  } catch (error) {
    if (context.signal.aborted) return { ok: false, error: `timeout: effect "${name}" missed its deadline` };
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * An outside service's answer as text, refused past `limit` bytes without reading the rest (a service that streams
 * without end holds nothing): the error reads `<service>: answer too large`.
 */
export async function readCapped(response: Response, limit: number, service: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`${service}: answer too large`);
    }
    chunks.push(value);
  }
}
