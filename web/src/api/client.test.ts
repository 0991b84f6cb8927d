import type { LoginResponse } from '@atendo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fakeFetch';
import { ApiError } from './ApiError';
import { api, onSessionEnd, onTokenRefreshed } from './client';

const session = (token: string) => ({ token, user: { id: 3, companyId: 7, company: { dueDate: '2030-01-01' } } }) as LoginResponse;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('API client', () => {
  const ended = vi.fn();
  let unsubscribe: () => void;

  beforeEach(() => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('companyId', '7');
    localStorage.setItem('userId', '3');
    unsubscribe = onSessionEnd(ended);
  });

  afterEach(() => {
    unsubscribe();
    ended.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the stored token with credentials and JSON', async () => {
    const { calls, fetch } = fakeFetch(() => ({ body: { tickets: [], count: 0, hasMore: false } }));
    await api.get('/tickets', { status: 'open', pageNumber: 1, searchParam: undefined });
    expect(calls).toEqual([{ method: 'GET', url: '/tickets?status=open&pageNumber=1', token: 'old', body: undefined }]);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('on 403 refreshes the token once, while concurrent calls wait for it and are retried', async () => {
    const refresh = deferred<{ body: LoginResponse }>();
    const { calls } = fakeFetch((call) => {
      if (call.url === '/auth/refresh_token') return refresh.promise;
      return call.token === 'new' ? { body: { url: call.url } } : { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } };
    });

    const answers = Promise.all([api.get('/a'), api.get('/b'), api.put('/c', { x: 1 })]);
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain('/auth/refresh_token'));
    // A call made while the refresh is under way waits for it instead of failing first.
    const late = api.get('/d');
    refresh.resolve({ body: session('new') });

    expect(await answers).toEqual([{ url: '/a' }, { url: '/b' }, { url: '/c' }]);
    expect(await late).toEqual({ url: '/d' });
    expect(calls.filter((c) => c.url === '/auth/refresh_token')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/d')?.token).toBe('new');
    expect(localStorage.getItem('token')).toBe('new');
    expect(ended).not.toHaveBeenCalled();
  });

  it('tells the token listeners (the realtime socket) about the refreshed token', async () => {
    fakeFetch((call) => (call.url === '/auth/refresh_token' ? { body: session('new') } : call.token === 'new' ? { body: {} } : { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }));
    const heard = vi.fn();
    const stop = onTokenRefreshed(heard);
    await api.get('/tickets');
    stop();
    expect(heard).toHaveBeenCalledExactlyOnceWith('new');
  });

  it('shares the refresh with other tabs: after waiting for the lock, it takes the token another tab stored', async () => {
    // Another tab holds the lock and refreshes first; the rotated cookie must not be presented again.
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => {
      localStorage.setItem('token', 'from-other-tab');
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = fakeFetch((call) => (call.token === 'from-other-tab' ? { body: { ok: true } } : { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }));
    expect(await api.get('/tickets')).toEqual({ ok: true });
    expect(request).toHaveBeenCalledOnce();
    expect(calls.map((c) => [c.url, c.token])).toEqual([['/tickets', 'old'], ['/tickets', 'from-other-tab']]);
    expect(ended).not.toHaveBeenCalled();
  });

  it('refreshes under the lock when no other tab did', async () => {
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = fakeFetch((call) =>
      call.url === '/auth/refresh_token' ? { body: session('new') } : call.token === 'new' ? { body: {} } : { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
    );
    await api.get('/tickets');
    expect(request).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.url)).toEqual(['/tickets', '/auth/refresh_token', '/tickets']);
    expect(localStorage.getItem('token')).toBe('new');
  });

  it('does not refresh twice when the retried call is refused again', async () => {
    const { calls } = fakeFetch((call) =>
      call.url === '/auth/refresh_token' ? { body: session('new') } : { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
    );
    await expect(api.get('/settings')).rejects.toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED' });
    expect(calls.map((c) => c.url)).toEqual(['/settings', '/auth/refresh_token', '/settings']);
  });

  it('does not refresh, nor send again, on a 403 that refuses the call itself (a POST refused by the plan is sent once)', async () => {
    const { calls } = fakeFetch((call) => (call.url === '/auth/refresh_token' ? { body: session('new') } : { status: 403, body: { error: 'ERR_PLAN_LIMIT_REACHED' } }));
    await expect(api.post('/users', { name: 'Ana' })).rejects.toMatchObject({ status: 403, code: 'ERR_PLAN_LIMIT_REACHED' });
    expect(calls.map((c) => c.url)).toEqual(['/users']);
    expect(ended).not.toHaveBeenCalled();
  });

  it('uploads a file as multipart with the token, letting the browser write the Content-Type', async () => {
    const { fetch } = fakeFetch(() => ({ body: { id: 4 } }));
    const file = new File(['png bytes'], 'photo.png', { type: 'image/png' });
    expect(await api.upload('/announcements/4/media-upload', 'file', file)).toEqual({ id: 4 });
    const init = fetch.mock.calls[0]![1] as RequestInit & { headers: Record<string, string> };
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init.headers.Authorization).toBe('Bearer old');
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('logs out when the refresh fails', async () => {
    fakeFetch((call) =>
      call.url === '/auth/refresh_token'
        ? { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }
        : { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
    );
    await expect(api.get('/tickets')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('logs out on a 401 without trying to refresh', async () => {
    const { calls } = fakeFetch(() => ({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }));
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(calls).toHaveLength(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs out when the company was switched off or its subscription expired, without trying to refresh', async () => {
    for (const [status, error] of [[403, 'ERR_COMPANY_DISABLED'], [402, 'ERR_SUBSCRIPTION_EXPIRED']] as const) {
      localStorage.setItem('token', 'old');
      const { calls } = fakeFetch(() => ({ status, body: { error } }));
      await expect(api.get('/tickets')).rejects.toMatchObject({ status, code: error });
      expect(calls).toHaveLength(1);
      expect(localStorage.getItem('token')).toBeNull();
    }
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('turns an error answer into an ApiError with its code and details', async () => {
    fakeFetch(() => ({ status: 409, body: { error: 'ERR_TICKET_ALREADY_ACCEPTED', details: { userId: 9 } } }));
    await expect(api.put('/tickets/1', { status: 'open' })).rejects.toMatchObject({
      status: 409,
      code: 'ERR_TICKET_ALREADY_ACCEPTED',
      details: { userId: 9 },
    });
    expect(ended).not.toHaveBeenCalled();
  });
});
