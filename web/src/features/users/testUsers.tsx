import type { SessionUser, User } from '@atendo/contracts';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import { me } from '../../test/fixtures';
import { userAtom } from '../auth/sessionAtoms';

/** The fixture user as an admin, and as a super user. */
export const admin: SessionUser = { ...me, profile: 'admin' };
export const superAdmin: SessionUser = { ...me, profile: 'admin', super: true };

/** Signs `user` in instead of renderSignedIn's fixture user (wrap the component under test). */
export function As({ user, children }: { user: SessionUser; children: ReactNode }) {
  useHydrateAtoms(new Map([[userAtom, user]]));
  return children;
}

export function aUser(id: number, change: Partial<User> = {}): User {
  return {
    id,
    companyId: me.companyId,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    profile: 'user',
    super: false,
    allTicket: 'desabled',
    whatsappId: null,
    whatsapp: null,
    queues: [],
    language: null,
    online: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}
