import type { Grantee, PermissionKey, PlanFlag } from '@atendo/contracts';
import { can } from '../useCan';
import type { IconName } from '@blueprintjs/icons';
import { consoleFeatures } from '../../features/consoleFeatures';
import { consolePlanFlags } from '../planFlags';

/** One entry of the side menu (spec §2), and when it shows. */
export interface MenuEntry {
  path: string;
  /** Key under `menu.` in the translations. */
  label: string;
  icon: IconName;
  group: 'main' | 'admin';
  /** Its place in the group: spec §2's order, in tens (main: tickets 20, tags 80; administration: users 120). */
  order: number;
  /** The permission of the registry it needs (the administration group: `drawer-admin-items:view`). */
  permission?: PermissionKey;
  /** The plan must allow one of these: flags of the console's composition (web/src/app/planFlags.ts). */
  planFlags?: readonly PlanFlag[];
  /** Shown only when the browser flag `cshow` is set (campaign, contact-list, phrase-list and flow routes). */
  cshow?: boolean;
  /** The connections entry: a badge when a connection needs attention. */
  badge?: 'connections' | 'chats';
}

/**
 * The side menu of spec §2 is composed: each console feature brings its entries (`menu` of its `ConsoleFeature`, its
 * labels in its own texts under `menu.`) and the shell keeps the entries of spec §2 that no feature serves yet, which
 * open the "not available yet" page (web/src/app/shell/privateRoutes.ts). A feature's entry replaces the shell's entry
 * of the same path, so a feature that comes later edits nothing here.
 */
const SPEC_ENTRIES_TO_COME: MenuEntry[] = [
  { path: '/chats', label: 'chats', icon: 'comment', group: 'main', order: 90, badge: 'chats' },
];

let composed: MenuEntry[] | null = null;

/**
 * Every entry of the side menu in its group's order: the features' entries and the shell's entries still to come.
 * Composed on first use (the features' modules import the shell's pages, so the list is not read while they load).
 */
export function menuEntries(): MenuEntry[] {
  if (composed) return composed;
  const fromFeatures = consoleFeatures().flatMap((feature) => feature.menu ?? []);
  // An entry gated by a flag no listed feature brings would never show: its feature lists its contracts' flags.
  const flags = consolePlanFlags();
  for (const entry of fromFeatures) {
    for (const flag of entry.planFlags ?? []) if (!(flag in flags)) throw new Error(`The menu entry ${entry.path} names the plan flag ${flag}, which no console feature brings`);
  }
  const served = new Set(fromFeatures.map((entry) => entry.path));
  const entries = [...fromFeatures, ...SPEC_ENTRIES_TO_COME.filter((entry) => !served.has(entry.path))];
  const groups: MenuEntry['group'][] = ['main', 'admin'];
  composed = entries.sort((a, b) => groups.indexOf(a.group) - groups.indexOf(b.group) || a.order - b.order);
  return composed;
}

export interface MenuContext {
  who: Grantee | null;
  /** The company's plan flags; unknown (still loading): entries that need one stay hidden. */
  plan: Partial<Record<PlanFlag, boolean>> | null;
  /** The browser flag cshow. */
  cshow: boolean;
  /** Campaigns enabled at sign-up (the login's company settings): shows the campaign entries as the plan flag does. */
  campaignsEnabled: boolean;
}

export function visibleMenu(context: MenuContext): MenuEntry[] {
  return menuEntries().filter((entry) => {
    if (entry.permission && !can(context.who, entry.permission)) return false;
    if (entry.cshow && !context.cshow) return false;
    if (entry.planFlags) {
      const allowed = entry.planFlags.some((flag) => context.plan?.[flag] === true);
      const campaigns = entry.planFlags.includes('useCampaigns') && context.campaignsEnabled;
      if (!allowed && !campaigns) return false;
    }
    return true;
  });
}
