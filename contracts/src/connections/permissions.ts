import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of connections, with who holds each. */
export const CONNECTIONS_PERMISSIONS = definePermissions({
  'connections-page:addConnection': { audience: 'admin', description: 'Add a WhatsApp connection' },
  'connections-page:actionButtons': { audience: 'admin', description: "Start, restart and disconnect a connection's session; see its QR code" },
  'connections-page:editOrDeleteConnection': { audience: 'admin', description: 'Edit or delete a connection' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof CONNECTIONS_PERMISSIONS> {}
}
