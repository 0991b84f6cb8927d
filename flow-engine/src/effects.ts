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
