import type { LoginResponse } from '@atendo/contracts';

/** Browser storage keys of the session (spec §1). */
const TOKEN = 'token';
const SESSION_KEYS = [TOKEN, 'companyId', 'userId', 'companyDueDate', 'cshow', 'sessionId'] as const;

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function storeSession({ token, user, sessionId }: LoginResponse): void {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem('companyId', String(user.companyId));
  localStorage.setItem('userId', String(user.id));
  localStorage.setItem('companyDueDate', user.company.dueDate ?? '');
  // The browser flag that reveals the campaign, contact-list, phrase-list and flow routes (spec §1).
  if (user.company.settings?.some((s) => s.key === 'campaignsEnabled' && s.value === 'true')) localStorage.setItem('cshow', '');
  // A refresh answers no session id: the one of the sign-in stays.
  if (sessionId) localStorage.setItem('sessionId', sessionId);
}

/** The company's due date moved (a payment renewed the subscription). */
export function storeCompanyDueDate(dueDate: string): void {
  localStorage.setItem('companyDueDate', dueDate);
}

/** The session this console belongs to: an `auth` entry of another session means the account signed in elsewhere. */
export function getSessionId(): string | null {
  return localStorage.getItem('sessionId');
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}
