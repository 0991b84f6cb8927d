import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of settings, with who holds each. */
export const SETTINGS_PERMISSIONS = definePermissions({
  'settings:manage': { audience: 'admin', description: "Change the company's settings" },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof SETTINGS_PERMISSIONS> {}
}
