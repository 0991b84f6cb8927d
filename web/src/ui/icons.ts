import { Icons, type IconName, type IconPaths } from '@blueprintjs/icons';

/**
 * Blueprint's icons, each loaded when first shown: one small module per icon and size, instead of every icon's paths
 * (about 600 KB) or the icon fonts. Vite makes a chunk of each, and the browser fetches only those the page uses.
 */
// `base` keeps the map's keys short (`./add.js`): 1,200 full paths would weigh 100 KB in the entry chunk.
const small = import.meta.glob<IconPaths>('./*.js', {
  import: 'default',
  base: '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths',
});
const large = import.meta.glob<IconPaths>('./*.js', {
  import: 'default',
  base: '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths',
});

const byName = (modules: Record<string, () => Promise<IconPaths>>) =>
  new Map(Object.entries(modules).map(([file, load]) => [file.slice(file.lastIndexOf('/') + 1, -'.js'.length), load]));
const loaders = { 16: byName(small), 20: byName(large) };

export function loadIconsPerUse(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: number) => {
      const load = loaders[size === 16 ? 16 : 20].get(name);
      if (!load) throw new Error(`No Blueprint icon "${name}"`);
      return load();
    },
  });
}
