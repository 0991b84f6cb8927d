import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of announcements, with who holds each. */
export const ANNOUNCEMENTS_PERMISSIONS = definePermissions({
  'announcements:manage': { audience: 'super', description: 'Announcements' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof ANNOUNCEMENTS_PERMISSIONS> {}
}
