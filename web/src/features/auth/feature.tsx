import type { ConsoleFeature } from '../feature';
import { LoginPage } from './LoginPage';

export const authFeature: ConsoleFeature = {
  name: 'auth',
  pages: [{ path: '/login', access: 'public', element: <LoginPage /> }],
};
