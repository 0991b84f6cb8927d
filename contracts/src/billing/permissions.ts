import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of billing, with who holds each. */
export const BILLING_PERMISSIONS = definePermissions({
  'invoices:view': { audience: 'admin', description: "See the company's invoices and subscription (the super user sees every company's)" },
  'invoices:pay': { audience: 'admin', description: 'Check out and pay an invoice' },
  'billing:provider': { audience: 'super', description: "The payment provider's credentials (stored sealed, never shown again)" },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof BILLING_PERMISSIONS> {}
}
