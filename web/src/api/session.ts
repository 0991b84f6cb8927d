import type { LoginResponse } from '@atendo/contracts';

/** Browser storage keys of the session (spec §1). */
const TOKEN = 'token';
const SESSION_KEYS = [TOKEN, 'companyId', 'userId', 'companyDueDate'] as const;

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function storeSession({ token, user }: LoginResponse): void {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem('companyId', String(user.companyId));
  localStorage.setItem('userId', String(user.id));
  localStorage.setItem('companyDueDate', user.company.dueDate ?? '');
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}
