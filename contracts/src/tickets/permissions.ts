import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of tickets, with who holds each. */
export const TICKETS_PERMISSIONS = definePermissions({
  'tickets-manager:showall': { audience: 'admin', description: "Show every ticket, not only the user's queues" },
  'tickets:peek': { audience: 'admin', description: "Peek into any ticket's messages, read-only" },
  'tickets:anyQueue': { audience: 'admin', description: 'Open any ticket, whatever its queue; filter the search by user' },
  'ticket-options:deleteTicket': { audience: 'admin', description: 'Delete a ticket' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof TICKETS_PERMISSIONS> {}
}
