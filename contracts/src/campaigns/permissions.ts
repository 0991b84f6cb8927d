import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of campaigns, with who holds each. */
export const CAMPAIGNS_PERMISSIONS = definePermissions({
  'campaigns:manage': { audience: 'admin', description: 'Keep contact lists and run campaigns' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof CAMPAIGNS_PERMISSIONS> {}
}
