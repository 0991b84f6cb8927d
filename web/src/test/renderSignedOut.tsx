import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

interface Options {
  /** Where the router starts; `ui` is rendered on `route` (`path` unless told). */
  path: string;
  route?: string;
  /** The pages `ui` may send the user to, each shown as a paragraph with its text (`{ '/login': 'Login page' }`). */
  elsewhere?: Record<string, string>;
}

/** Renders a page of the signed-out console (sign-in, sign-up, a new password) with no one signed in. */
export function renderSignedOut(ui: ReactElement, { path, route = path, elsewhere = {} }: Options) {
  return render(
    <Provider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          {Object.entries(elsewhere).map(([to, text]) => (
            <Route key={to} path={to} element={<p>{text}</p>} />
          ))}
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
