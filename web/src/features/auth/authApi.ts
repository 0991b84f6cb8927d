import type { LoginRequest, LoginResponse, Plan, SessionUser, signUpSchema } from '@atendo/contracts';
import type { InferType } from 'yup';
import { api, request } from '../../api/client';

export type SignUpRequest = InferType<typeof signUpSchema>;

/** What POST /companies/cadastro answers: the company on its trial. */
export interface SignUpResponse {
  id: number;
  name: string;
  email: string;
  dueDate: string | null;
  planId: number;
}

export const authApi = {
  login: (credentials: LoginRequest) => request<LoginResponse>('POST', '/auth/login', { body: credentials, anonymous: true }),
  me: () => api.get<SessionUser>('/auth/me'),
  logout: () => api.delete<void>('/auth/logout'),
  forgotPassword: (email: string) => request<{ message: string }>('POST', `/forgetpassword/${encodeURIComponent(email)}`, { anonymous: true }),
  // The new password in the body: a path lands in access logs and proxies.
  resetPassword: (email: string, code: string, password: string) =>
    request<{ message: string }>('POST', `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}`, { body: { newPassword: password }, anonymous: true }),
  /** The plans a newcomer may choose: public, no token (spec §7). */
  plans: () => request<Plan[]>('GET', '/plans/list', { anonymous: true }),
  signUp: (body: SignUpRequest) => request<SignUpResponse>('POST', '/companies/cadastro', { body, anonymous: true }),
};
