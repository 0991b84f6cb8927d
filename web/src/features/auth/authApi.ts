import type { LoginRequest, LoginResponse, SessionUser } from '@atendo/contracts';
import { api, request } from '../../api/client';

export const authApi = {
  login: (credentials: LoginRequest) => request<LoginResponse>('POST', '/auth/login', { body: credentials, anonymous: true }),
  me: () => api.get<SessionUser>('/auth/me'),
  logout: () => api.delete<void>('/auth/logout'),
  forgotPassword: (email: string) => request<{ message: string }>('POST', `/forgetpassword/${encodeURIComponent(email)}`, { anonymous: true }),
  resetPassword: (email: string, code: string, password: string) =>
    request<{ message: string }>('POST', `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(password)}`, { anonymous: true }),
};
