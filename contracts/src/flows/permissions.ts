import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of flows, with who holds each. */
export const FLOWS_PERMISSIONS = definePermissions({
  'flows:manage': { audience: 'admin', description: 'Draw, publish and test flows; keep the phrases that start them' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof FLOWS_PERMISSIONS> {}
}
