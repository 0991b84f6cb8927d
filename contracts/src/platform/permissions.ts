import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of the platform's own (any signed-in user, the console's shell), with who holds each. */
export const PLATFORM_PERMISSIONS = definePermissions({
  signedIn: { audience: 'signedIn', description: 'Any signed-in user of the company' },
  'drawer-admin-items:view': { audience: 'admin', description: "The side menu's administration group" },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof PLATFORM_PERMISSIONS> {}
}
