import type { Grantee, PermissionKey, PLAN_FEATURES } from '@atendo/contracts';
import { can } from '@atendo/contracts';
import type { IconName } from '@blueprintjs/icons';

export type PlanFlag = (typeof PLAN_FEATURES)[number];

/** One entry of the side menu (spec §2), and when it shows. */
export interface MenuEntry {
  path: string;
  /** Key under `menu.` in the translations. */
  label: string;
  icon: IconName;
  group: 'main' | 'admin';
  /** The permission of the registry it needs (the administration group: `drawer-admin-items:view`). */
  permission?: PermissionKey;
  /** The plan must allow one of these. */
  planFlags?: PlanFlag[];
  /** Shown only when the browser flag `cshow` is set (campaign, contact-list, phrase-list and flow routes). */
  cshow?: boolean;
  /** The connections entry: a badge when a connection needs attention. */
  badge?: 'connections' | 'chats';
}

/**
 * The side menu exactly as spec §2 lists it: always-there entries, the dashboard for admins, kanban by plan, and the
 * administration group for admins, each gated by its plan flag, profile or `cshow`.
 */
export const MENU: MenuEntry[] = [
  { path: '/', label: 'dashboard', icon: 'dashboard', group: 'main', permission: 'dashboard:view' },
  { path: '/tickets', label: 'tickets', icon: 'chat', group: 'main' },
  { path: '/quick-messages', label: 'quickMessages', icon: 'flash', group: 'main' },
  { path: '/kanban', label: 'kanban', icon: 'th-list', group: 'main', planFlags: ['useKanban'] },
  { path: '/todolist', label: 'todolist', icon: 'tick-circle', group: 'main' },
  { path: '/contacts', label: 'contacts', icon: 'people', group: 'main' },
  { path: '/schedules', label: 'schedules', icon: 'calendar', group: 'main' },
  { path: '/tags', label: 'tags', icon: 'tag', group: 'main' },
  { path: '/chats', label: 'chats', icon: 'comment', group: 'main', badge: 'chats' },
  { path: '/helps', label: 'helps', icon: 'help', group: 'main' },
  { path: '/campaigns', label: 'campaigns', icon: 'send-message', group: 'admin', permission: 'drawer-admin-items:view', planFlags: ['useCampaigns'], cshow: true },
  { path: '/contact-lists', label: 'contactLists', icon: 'list', group: 'admin', permission: 'drawer-admin-items:view', planFlags: ['useCampaigns'], cshow: true },
  { path: '/campaigns-config', label: 'campaignsConfig', icon: 'cog', group: 'admin', permission: 'drawer-admin-items:view', planFlags: ['useCampaigns'], cshow: true },
  { path: '/phrase-lists', label: 'phraseLists', icon: 'key', group: 'admin', permission: 'drawer-admin-items:view', cshow: true },
  { path: '/flowbuilders', label: 'flowbuilders', icon: 'flow-branch', group: 'admin', permission: 'drawer-admin-items:view', cshow: true },
  { path: '/announcements', label: 'announcements', icon: 'notifications', group: 'admin', permission: 'announcements:manage' },
  { path: '/prompts', label: 'prompts', icon: 'predictive-analysis', group: 'admin', permission: 'drawer-admin-items:view', planFlags: ['useOpenAi'] },
  { path: '/queue-integration', label: 'queueIntegration', icon: 'data-connection', group: 'admin', permission: 'drawer-admin-items:view', planFlags: ['useIntegrations'] },
  { path: '/connections', label: 'connections', icon: 'mobile-phone', group: 'admin', permission: 'drawer-admin-items:view', badge: 'connections' },
  { path: '/files', label: 'files', icon: 'folder-open', group: 'admin', permission: 'drawer-admin-items:view' },
  { path: '/queues', label: 'queues', icon: 'layers', group: 'admin', permission: 'drawer-admin-items:view' },
  { path: '/users', label: 'users', icon: 'user', group: 'admin', permission: 'drawer-admin-items:view' },
  { path: '/messages-api', label: 'messagesApi', icon: 'code', group: 'admin', permission: 'drawer-admin-items:view', planFlags: ['useExternalApi'] },
  { path: '/financeiro', label: 'financeiro', icon: 'dollar', group: 'admin', permission: 'drawer-admin-items:view' },
  { path: '/settings', label: 'settings', icon: 'settings', group: 'admin', permission: 'drawer-admin-items:view' },
];

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
  return MENU.filter((entry) => {
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
