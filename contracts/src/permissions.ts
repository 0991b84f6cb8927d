import type { Profile } from './api.js';
import { composeKeys } from './compose.js';

/** Who asks: the user's profile and the platform's super-user flag. */
export interface Grantee {
  profile: Profile;
  super: boolean;
}

/** Who a permission is for: any signed-in user, the company's admins, or the platform's super users. */
export type PermissionAudience = 'signedIn' | 'admin' | 'super';

/** One permission: who holds it and what it lets them do. */
export interface PermissionDefinition {
  audience: PermissionAudience;
  description: string;
}

export type PermissionDefinitions = Readonly<Record<string, PermissionDefinition>>;

/**
 * The rules of roles and permissions (spec §6): the route table names one of these keys for every route (the API
 * checks it), and the console asks the same question (`can`) before it shows a menu entry or a button. Keys of the
 * form `page:action` are the names the console's permission checks have always used. Empty here: each feature
 * declares its keys (`contracts/src/<feature>/permissions.ts`) and adds them by module augmentation.
 */
export interface PermissionCatalogue {}

export type PermissionKey = keyof PermissionCatalogue & string;

/** A composition's permissions (the server's feature list, the console's), by key. */
export type PermissionRegistry = Readonly<Partial<Record<PermissionKey, PermissionDefinition>>>;

/** Declares a feature's permission keys with who holds each; the keys join `PermissionKey` by augmentation. */
export function definePermissions<const T extends Record<string, PermissionDefinition>>(permissions: T): T {
  return permissions;
}

/** A feature's keys, as members the catalogue can extend. */
export type PermissionsOf<T extends PermissionDefinitions> = { readonly [K in keyof T]: T[K] };

/** Composes a registry from features' permissions, refusing a key two of them declare. */
export function composePermissions(groups: readonly PermissionDefinitions[]): PermissionRegistry {
  composeKeys(groups, 'Permission');
  return Object.assign({}, ...groups) as PermissionRegistry;
}

/** Whether `who` holds `permission` as `registry` defines it (nobody signed in holds none, nor anyone an unknown key). */
export function holds(who: Grantee | null | undefined, permission: PermissionKey, registry: PermissionRegistry): boolean {
  const definition = registry[permission];
  if (!who || !definition) return false;
  switch (definition.audience) {
    case 'signedIn':
      return true;
    case 'admin':
      return who.profile === 'admin';
    case 'super':
      return who.super;
  }
}
