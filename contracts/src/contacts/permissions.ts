import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of contacts, with who holds each. */
export const CONTACTS_PERMISSIONS = definePermissions({
  'contacts-page:deleteContact': { audience: 'admin', description: 'Delete a contact' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof CONTACTS_PERMISSIONS> {}
}
