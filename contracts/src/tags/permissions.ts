import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of tags, with who holds each. */
export const TAGS_PERMISSIONS = definePermissions({
  'tags:kanban': { audience: 'admin', description: 'Make a tag a kanban lane, or take it off the kanban (spec: admin or supervisor)' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof TAGS_PERMISSIONS> {}
}
