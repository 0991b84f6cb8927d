import { composePermissions, holds, PLATFORM_PERMISSIONS, type Grantee, type PermissionKey, type PermissionRegistry } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { consoleFeatures } from '../features/consoleFeatures';
import { userAtom } from './sessionAtoms';

let registry: PermissionRegistry | null = null;

/**
 * The console's permissions: the platform's and those the listed features check (`permissions` of each
 * `ConsoleFeature`, their contracts' objects, each once), with who holds each. Composed on first use, as the menu is.
 */
export function consolePermissions(): PermissionRegistry {
  registry ??= composePermissions([PLATFORM_PERMISSIONS, ...new Set(consoleFeatures().flatMap((feature) => feature.permissions ?? []))]);
  return registry;
}

/** Whether `who` holds `permission` (nobody signed in holds none, nor anyone a key no listed feature declares). */
export function can(who: Grantee | null | undefined, permission: PermissionKey): boolean {
  return holds(who, permission, consolePermissions());
}

/**
 * Whether the signed-in user holds a permission of the console's registry: the same answer the API gives, so the
 * console shows only what the server would allow.
 */
export function useCan(): (permission: PermissionKey) => boolean {
  const user = useAtomValue(userAtom);
  return (permission) => can(user, permission);
}
