import type { SessionUser } from '@atendo/contracts';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { userAtom } from '../../features/auth/sessionAtoms';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { me } from '../../test/fixtures';

function CurrentPath() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Test helper: a top-bar part for a signed-in user (`me` unless changed), on any path, with the realtime feed. */
export function renderWithUser(ui: ReactElement, user: SessionUser = me) {
  localStorage.setItem('token', 'jwt');
  const store = createStore();
  store.set(userAtom, user);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <RealtimeProvider companyId={user.companyId}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <CurrentPath />
        </RealtimeProvider>
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store };
}
