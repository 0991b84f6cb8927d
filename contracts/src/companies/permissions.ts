import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of companies, with who holds each. */
export const COMPANIES_PERMISSIONS = definePermissions({
  'companies:manage': { audience: 'super', description: 'Companies of the platform' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof COMPANIES_PERMISSIONS> {}
}
