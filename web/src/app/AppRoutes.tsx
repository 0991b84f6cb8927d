import { Route, Routes } from 'react-router-dom';
import { PublicOnly } from '../features/auth/PublicOnly';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSessionEndSync } from '../features/auth/useSession';
import { consoleFeatures } from '../features/consoleFeatures';
import { useBodyTheme } from '../ui/theme';
import { AppLayout } from './AppLayout';
import { NotFoundPage, NotYetPage } from './shell/NotYetPage';
import { routesNotYetServed } from './shell/privateRoutes';
import { cshowFlag } from './shell/SideMenu';

/** The campaign, contact-list, phrase-list and flow routes exist only with the browser flag cshow (read as the page opens). */
function CshowOnly({ menuPath }: { menuPath: string }) {
  return cshowFlag() ? <NotYetPage menuPath={menuPath} /> : <NotFoundPage />;
}

export function AppRoutes() {
  useSessionEndSync();
  useBodyTheme();
  const pages = consoleFeatures().flatMap((f) => f.pages ?? []);
  // Spec §2's private routes that no feature serves yet: a page saying so, inside the console.
  const notYet = routesNotYetServed();
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        {pages
          .filter((p) => p.access === 'public')
          .map((p) => (
            <Route key={p.path} path={p.path} element={p.element} />
          ))}
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          {pages
            .filter((p) => p.access === 'private')
            .map((p) => (
              <Route key={p.path} path={p.path} element={p.element} />
            ))}
          {notYet.map((r) => (
            <Route key={r.path} path={r.path} element={r.cshow ? <CshowOnly menuPath={r.menu} /> : <NotYetPage menuPath={r.menu} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
