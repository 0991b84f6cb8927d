import type { Profile } from './api.js';

/** Who asks: the user's profile and the platform's super-user flag. */
export interface Grantee {
  profile: Profile;
  super: boolean;
}

/** Who a permission is for: any signed-in user, the company's admins, or the platform's super users. */
export type PermissionAudience = 'signedIn' | 'admin' | 'super';

/**
 * The rules of roles and permissions (spec §6), in one place: the route table names one of these for every route
 * (the API checks it), and the console asks the same question (`can`) before it shows a menu entry or a button.
 * Keys of the form `page:action` are the names the console's permission checks have always used.
 */
export const PERMISSIONS = {
  signedIn: { audience: 'signedIn', description: 'Any signed-in user of the company' },
  'dashboard:view': { audience: 'admin', description: 'The dashboard and its reports' },
  'drawer-admin-items:view': { audience: 'admin', description: "The side menu's administration group" },
  'tickets-manager:showall': { audience: 'admin', description: "Show every ticket, not only the user's queues" },
  'tickets:peek': { audience: 'admin', description: "Peek into any ticket's messages, read-only" },
  'tickets:anyQueue': { audience: 'admin', description: 'Open any ticket, whatever its queue; filter the search by user' },
  'ticket-options:deleteTicket': { audience: 'admin', description: 'Delete a ticket' },
  'contacts-page:deleteContact': { audience: 'admin', description: 'Delete a contact' },
  'connections-page:addConnection': { audience: 'admin', description: 'Add a WhatsApp connection' },
  'connections-page:actionButtons': { audience: 'admin', description: "Start, restart and disconnect a connection's session; see its QR code" },
  'connections-page:editOrDeleteConnection': { audience: 'admin', description: 'Edit or delete a connection' },
  'user-modal:editProfile': { audience: 'admin', description: "Change a user's profile" },
  'user-modal:editQueues': { audience: 'admin', description: "Change a user's queues" },
  'users:manage': { audience: 'admin', description: 'Add, edit and delete users' },
  'queues:manage': { audience: 'admin', description: 'Add, edit and delete queues' },
  'tags:kanban': { audience: 'admin', description: 'Make a tag a kanban lane, or take it off the kanban (spec: admin or supervisor)' },
  'settings:manage': { audience: 'admin', description: "Change the company's settings" },
  'campaigns:manage': { audience: 'admin', description: 'Keep contact lists and run campaigns' },
  'flows:manage': { audience: 'admin', description: 'Draw, publish and test flows; keep the phrases that start them' },
  'prompts:manage': { audience: 'admin', description: 'Keep the OpenAI prompts that answer queues and connections' },
  'integrations:manage': { audience: 'admin', description: 'Keep the queue integrations (Dialogflow, n8n, webhook, Typebot, flows) and test them' },
  'companies:manage': { audience: 'super', description: 'Companies of the platform' },
  'plans:manage': { audience: 'super', description: 'Plans of the platform' },
  'helps:manage': { audience: 'super', description: 'Help entries' },
  'announcements:manage': { audience: 'super', description: 'Announcements' },
} as const satisfies Record<string, { audience: PermissionAudience; description: string }>;

export type PermissionKey = keyof typeof PERMISSIONS;

export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

/** Whether `who` holds `permission` (nobody signed in holds none). */
export function can(who: Grantee | null | undefined, permission: PermissionKey): boolean {
  if (!who) return false;
  const { audience } = PERMISSIONS[permission] as { audience: PermissionAudience };
  switch (audience) {
    case 'signedIn':
      return true;
    case 'admin':
      return who.profile === 'admin';
    case 'super':
      return who.super;
  }
}
