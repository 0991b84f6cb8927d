import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of plans, with who holds each. */
export const PLANS_PERMISSIONS = definePermissions({
  'plans:manage': { audience: 'super', description: 'Plans of the platform' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof PLANS_PERMISSIONS> {}
}
