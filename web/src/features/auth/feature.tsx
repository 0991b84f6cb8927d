import type { ConsoleFeature } from '../feature';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

export const authFeature: ConsoleFeature = {
  name: 'auth',
  pages: [
    { path: '/login', access: 'public', element: <LoginPage /> },
    { path: '/signup', access: 'public', element: <SignupPage /> },
    { path: '/forgetpsw', access: 'public', element: <ForgotPasswordPage /> },
  ],
};
