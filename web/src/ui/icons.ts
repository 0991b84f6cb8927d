import { Icons, type IconName, type IconPaths } from '@blueprintjs/icons';

/** Icons already in the bundle, by size and name: served without a request. */
export type PreloadedIcons = { 16: ReadonlyMap<string, IconPaths>; 20: ReadonlyMap<string, IconPaths> };

/**
 * Blueprint's icons, each loaded when first shown: one small module per icon and size (./iconIndex.ts), instead of
 * every icon's paths (about 600 KB) or the icon fonts. The icons every signed-in page shows come preloaded, and the
 * index of the others loads only when one of them is first shown.
 */
export function loadIconsPerUse(preloaded: PreloadedIcons = { 16: new Map(), 20: new Map() }): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: number) => {
      const bySize = size === 16 ? 16 : 20;
      const ready = preloaded[bySize].get(name);
      if (ready) return ready;
      const { iconLoaders } = await import('./iconIndex');
      const load = iconLoaders[bySize].get(name);
      if (!load) throw new Error(`No Blueprint icon "${name}"`);
      return load();
    },
  });
}
