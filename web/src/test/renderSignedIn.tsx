import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { userAtom } from '../features/auth/sessionAtoms';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { me } from './fixtures';

function CurrentPath() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `ui` at `path` for the signed-in user `me`, with the realtime feed (install FakeWebSocket first). */
export function renderSignedIn(ui: ReactElement, { path = '/tickets', route = '/tickets/:ticketId?' } = {}) {
  localStorage.setItem('token', 'jwt');
  const store = createStore();
  store.set(userAtom, me);
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RealtimeProvider companyId={me.companyId}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
          <CurrentPath />
        </RealtimeProvider>
      </MemoryRouter>
    </Provider>,
  );
}
