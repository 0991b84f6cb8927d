import type { LoginResponse } from '@atendo/contracts';
import { ApiError } from './ApiError';
import { clearSession, getToken, storeSession } from './session';

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  query?: Query;
  /** JSON, or a FormData sent as multipart/form-data (the browser writes its Content-Type with the boundary). */
  body?: unknown;
  /** 'blob': the answer is a file (an image behind the token, which an <img src> cannot send). */
  as?: 'json' | 'blob';
  headers?: Record<string, string>;
  /** Public calls (login) carry no token and never trigger a refresh or a logout. */
  anonymous?: boolean;
}

const sessionEndListeners = new Set<() => void>();

/** Called when the session ends (logout, 401, the company stopped, failed refresh); returns an unsubscribe function. */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export function endSession(): void {
  clearSession();
  for (const listener of sessionEndListeners) listener();
}

const expiryHandlers = new Set<() => boolean>();

/**
 * Called on a 402 ERR_SUBSCRIPTION_EXPIRED of a signed-in call; a handler that answers true keeps the session (the
 * admin of an expired company goes to pay). Without one that does, the session ends as for a stopped company.
 */
export function onSubscriptionExpired(handler: () => boolean): () => void {
  expiryHandlers.add(handler);
  return () => expiryHandlers.delete(handler);
}

const expiryHandled = () => [...expiryHandlers].some((handler) => handler());

const tokenListeners = new Set<(token: string) => void>();

/** Called with each token a refresh brings (the realtime socket re-authenticates with it). */
export function onTokenRefreshed(listener: (token: string) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

let refreshing: Promise<string> | undefined;

/**
 * One refresh at a time: every caller that needs a fresh token waits for the same call. Across tabs too, where
 * the browser has Web Locks: the refresh cookie rotates on use, so a tab that waited for another tab's refresh
 * takes the token that tab stored instead of presenting the cookie again.
 */
export function refreshToken(): Promise<string> {
  const stale = getToken();
  refreshing ??= acrossTabs(stale)
    .then((token) => {
      for (const listener of tokenListeners) listener(token);
      return token;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status > 0) endSession();
      throw error;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

async function acrossTabs(stale: string | null): Promise<string> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return refreshNow();
  return await locks.request('atendo-refresh-token', async () => {
    const stored = getToken();
    return stored && stored !== stale ? stored : refreshNow();
  });
}

async function refreshNow(): Promise<string> {
  const session = await send<LoginResponse>('POST', '/auth/refresh_token', {});
  storeSession(session);
  return session.token;
}

function url(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send<T>(method: string, path: string, options: RequestOptions, token?: string | null): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      // A file behind the token may change under the same path (an announcement's new image).
      cache: options.as === 'blob' ? 'no-cache' : undefined,
    });
  } catch {
    throw new ApiError(0, 'ERR_NETWORK');
  }
  if (response.ok && options.as === 'blob') return (await response.blob()) as T;
  const data = parse(await response.text());
  if (!response.ok) {
    const body = (data ?? {}) as { error?: unknown; details?: unknown };
    throw new ApiError(response.status, typeof body.error === 'string' ? body.error : `HTTP ${response.status}`, body.details);
  }
  return data as T;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

async function authorised<T>(method: string, path: string, options: RequestOptions, retried: boolean): Promise<T> {
  const token = getToken();
  try {
    return await send<T>(method, path, options, token);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The company switched off or past its due date ends the session too: the login page then says why.
    if (error.status === 401 || error.code === 'ERR_COMPANY_DISABLED' || (error.code === 'ERR_SUBSCRIPTION_EXPIRED' && !expiryHandled())) endSession();
    // Only a token that expired is worth a refresh: a business refusal (ERR_NO_PERMISSION, ERR_PLAN_LIMIT_REACHED …)
    // would be refused again, and a POST sent twice.
    if (error.status === 403 && error.code === 'ERR_SESSION_EXPIRED' && !retried) {
      // A call that failed after another one already refreshed just retries with the new token.
      if (getToken() === token) await refreshToken();
      return authorised<T>(method, path, options, true);
    }
    throw error;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  if (options.anonymous) return send<T>(method, path, options);
  if (refreshing) await refreshing.catch(() => undefined);
  return authorised<T>(method, path, options, false);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', path, { body, headers }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** Sends `file` as the multipart field `field`. */
  upload: <T>(path: string, field: string, file: File) => {
    const form = new FormData();
    form.append(field, file, file.name);
    return request<T>('POST', path, { body: form });
  },
  /** A file the API serves only with the token. */
  blob: (path: string) => request<Blob>('GET', path, { as: 'blob' }),
};
