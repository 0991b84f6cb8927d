import type { IconPaths } from '@blueprintjs/icons';

/**
 * Where each of Blueprint's icons is, by size: one small module per icon and size. This index (some 1,400 entries
 * with their chunks' hashed names, about 10 KB compressed) is itself a chunk, fetched the first time an icon outside
 * the preloaded ones (web/src/app/shell/shellIcons.ts) shows, so a first visit does not carry it.
 */
// `base` keeps the map's keys short (`./add.js`): 1,200 full paths would weigh 100 KB.
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

export const iconLoaders = { 16: byName(small), 20: byName(large) };
