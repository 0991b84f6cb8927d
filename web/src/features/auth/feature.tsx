import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { authTranslations } from './i18n';
import { LoginPage } from './LoginPage';

// The sign-in page comes with the console; sign-up and the password reset load when opened.
const SignupPage = lazy(() => import('./SignupPage').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));

export const authFeature = defineConsoleFeature('auth', authTranslations, {
  pages: [
    { path: '/login', access: 'public', element: <LoginPage /> },
    { path: '/signup', access: 'public', element: <SignupPage /> },
    { path: '/forgetpsw', access: 'public', element: <ForgotPasswordPage /> },
  ],
  channels: ['auth'],
});
