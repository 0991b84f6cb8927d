import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of the dashboard, with who holds each. */
export const DASHBOARD_PERMISSIONS = definePermissions({
  'dashboard:view': { audience: 'admin', description: 'The dashboard and its reports' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof DASHBOARD_PERMISSIONS> {}
}
