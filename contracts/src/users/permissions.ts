import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of users, with who holds each. */
export const USERS_PERMISSIONS = definePermissions({
  'user-modal:editProfile': { audience: 'admin', description: "Change a user's profile" },
  'user-modal:editQueues': { audience: 'admin', description: "Change a user's queues" },
  'users:manage': { audience: 'admin', description: 'Add, edit and delete users' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof USERS_PERMISSIONS> {}
}
