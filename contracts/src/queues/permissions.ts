import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of queues, with who holds each. */
export const QUEUES_PERMISSIONS = definePermissions({
  'queues:manage': { audience: 'admin', description: 'Add, edit and delete queues' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof QUEUES_PERMISSIONS> {}
}
