import type { IconPaths } from '@blueprintjs/icons';
import type { PreloadedIcons } from '../../ui/icons';

/**
 * The icons that every signed-in page shows — the side menu's, the top bar's and the inbox's — taken into the
 * console's first chunk: loaded one module each (web/src/ui/icons.ts) they would cost a request apiece, and the index
 * of all the others, on every first visit. An icon missing here still shows (it loads on its own); shellIcons.test.ts
 * says which the shell needs.
 */
const small = import.meta.glob<IconPaths>(
  './{announcement,calendar,caret-down,chat,code,cog,comment,dashboard,data-connection,dollar,feed,flash,flow-branch,folder-open,help,inbox,key,layers,list,menu,mobile-phone,moon,more,notifications,offline,people,predictive-analysis,refresh,search,send-message,settings,small-cross,tag,th-list,tick-circle,user,volume-down,volume-off,volume-up}.js',
  { import: 'default', eager: true, base: '../../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths' },
);
// Empty states (NonIdealState) draw their icon from the 20 px paths.
const large = import.meta.glob<IconPaths>('./{chat,inbox,search}.js', {
  import: 'default',
  eager: true,
  base: '../../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths',
});

const byName = (modules: Record<string, IconPaths>) =>
  new Map(Object.entries(modules).map(([file, paths]) => [file.slice(file.lastIndexOf('/') + 1, -'.js'.length), paths]));

export const SHELL_ICONS: PreloadedIcons = { 16: byName(small), 20: byName(large) };
