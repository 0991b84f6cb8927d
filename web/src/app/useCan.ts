import { can, type PermissionKey } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { userAtom } from './sessionAtoms';

/**
 * Whether the signed-in user holds a permission of the registry (contracts/src/permissions.ts): the same answer the
 * API gives, so the console shows only what the server would allow.
 */
export function useCan(): (permission: PermissionKey) => boolean {
  const user = useAtomValue(userAtom);
  return (permission) => can(user, permission);
}
