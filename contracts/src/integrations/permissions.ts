import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of integrations, with who holds each. */
export const INTEGRATIONS_PERMISSIONS = definePermissions({
  'prompts:manage': { audience: 'admin', description: 'Keep the OpenAI prompts that answer queues and connections' },
  'integrations:manage': { audience: 'admin', description: 'Keep the queue integrations (Dialogflow, n8n, webhook, Typebot, flows) and test them' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof INTEGRATIONS_PERMISSIONS> {}
}
