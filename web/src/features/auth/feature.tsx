import type { ConsoleFeature } from '../feature';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';

export const authFeature: ConsoleFeature = {
  name: 'auth',
  pages: [
    { path: '/login', access: 'public', element: <LoginPage /> },
    { path: '/forgetpsw', access: 'public', element: <ForgotPasswordPage /> },
  ],
};
