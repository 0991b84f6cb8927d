import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { PublicOnly } from '../features/auth/PublicOnly';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSessionEndSync } from '../features/auth/useSession';
import { TicketsPage } from '../features/tickets/TicketsPage';
import { useBodyTheme } from '../ui/theme';
import { AppLayout } from './AppLayout';

export function AppRoutes() {
  useSessionEndSync();
  useBodyTheme();
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
          <Route path="*" element={<Navigate to="/tickets" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
