import type { SessionUser } from '@atendo/contracts';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { userAtom } from '../app/sessionAtoms';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { me } from './fixtures';

function CurrentPath() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

interface Options {
  /** Where the router starts, and the route `ui` is rendered on. */
  path?: string;
  route?: string;
  /** Who is signed in: the attendant `me` unless told (fixtures: `admin`, `superAdmin`). */
  user?: SessionUser;
}

/** Renders `ui` at `path` for a signed-in user, with the realtime feed (install FakeWebSocket first). */
export function renderSignedIn(ui: ReactElement, { path = '/tickets', route = '/tickets/:ticketId?', user = me }: Options = {}) {
  localStorage.setItem('token', 'jwt');
  const store = createStore();
  store.set(userAtom, user);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RealtimeProvider companyId={user.companyId}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
          <CurrentPath />
        </RealtimeProvider>
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store };
}
