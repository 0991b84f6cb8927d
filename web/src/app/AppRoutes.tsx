import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicOnly } from '../features/auth/PublicOnly';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSessionEndSync } from '../features/auth/useSession';
import { consoleFeatures } from '../features';
import { useBodyTheme } from '../ui/theme';
import { AppLayout } from './AppLayout';

const pages = consoleFeatures.flatMap((f) => f.pages);

export function AppRoutes() {
  useSessionEndSync();
  useBodyTheme();
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
          <Route path="*" element={<Navigate to="/tickets" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
