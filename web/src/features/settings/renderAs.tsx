import type { SessionUser } from '@atendo/contracts';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { me } from '../../test/fixtures';
import { userAtom } from '../auth/sessionAtoms';

export const admin: SessionUser = { ...me, id: 4, name: 'Bia', profile: 'admin' };
export const superUser: SessionUser = { ...me, id: 1, name: 'Root', profile: 'admin', super: true };

/**
 * For tests: renders `ui` for `user` with the realtime feed (install FakeWebSocket first). The shared
 * renderSignedIn signs in the fixture `me`, an attendant; the settings page is about who sees which tab.
 */
export function renderAs(user: SessionUser, ui: ReactElement) {
  localStorage.setItem('token', 'jwt');
  const store = createStore();
  store.set(userAtom, user);
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/settings']}>
        <RealtimeProvider companyId={user.companyId}>{ui}</RealtimeProvider>
      </MemoryRouter>
    </Provider>,
  );
}
