import type { ConsoleFeature } from './feature';
import * as listed from './index';

/** Any feature of the list with its own types: its texts' keys and its channels (the translations' and channel table's types). */
export type ListedFeature = (typeof listed)[keyof typeof listed];

let checked: readonly ConsoleFeature[] | null = null;

/**
 * The features of web/src/features/index.ts as one list, which the console's routes, side menu, translations and
 * channel table are composed from. Read when used, not as modules load: the features' modules import the shell's,
 * which read this list. Two features of one name, or two pages of one path, stop the console.
 */
export function consoleFeatures(): readonly ConsoleFeature[] {
  if (checked) return checked;
  const features: readonly ConsoleFeature[] = Object.values(listed);
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`Two console features are named ${feature.name}`);
    names.add(feature.name);
    for (const page of feature.pages ?? []) {
      if (paths.has(page.path)) throw new Error(`Two console pages have the path ${page.path} (${feature.name})`);
      paths.add(page.path);
    }
  }
  checked = features;
  return features;
}
