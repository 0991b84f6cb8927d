import { consoleFeatures } from '../features/consoleFeatures';
import type { ConsoleParts } from '../features/feature';

/** What the listed features show in one place of another feature's screen, in the features' order. */
export function partsOf<P extends keyof ConsoleParts>(place: P): readonly ConsoleParts[P][] {
  return consoleFeatures().flatMap((feature): readonly ConsoleParts[P][] => feature.parts?.[place] ?? []);
}
