import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of helps, with who holds each. */
export const HELPS_PERMISSIONS = definePermissions({
  'helps:manage': { audience: 'super', description: 'Help entries' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof HELPS_PERMISSIONS> {}
}
