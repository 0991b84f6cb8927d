import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { CLOSE_TOO_SLOW } from '@atendo/contracts';
import { RealtimeClient } from './RealtimeClient';

describe('realtime client', () => {
  let token: string;
  const refreshToken = vi.fn(async () => {
    token = 'fresh';
    return token;
  });
  const endSession = vi.fn();
  const tokenListeners = new Set<(token: string) => void>();
  const onTokenRefreshed = (listener: (token: string) => void) => {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  };

  function start() {
    const client = new RealtimeClient({ url: 'ws://localhost/socket', getToken: () => token, refreshToken, onTokenRefreshed, endSession });
    client.start();
    return client;
  }
  /** Lets the fake socket open (a microtask) and the client send its first message. */
  const opened = () => vi.waitFor(() => expect(FakeWebSocket.latest().sent.length).toBeGreaterThan(0));

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.install();
    token = 'jwt';
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    refreshToken.mockClear();
    endSession.mockReset();
  });

  it('delivers entries to the subscribers of their event, and reload requests', () => {
    const client = start();
    const tickets = vi.fn();
    const reload = vi.fn();
    client.subscribe('company-7-ticket', tickets);
    client.onReload(reload);
    const socket = FakeWebSocket.latest();

    socket.receive({ type: 'ready', seq: 4 });
    expect(client.state).toBe('online');
    socket.receive({ type: 'entry', seq: 5, event: 'company-7-ticket', payload: { action: 'delete', ticketId: 1 } });
    socket.receive({ type: 'entry', seq: 6, event: 'company-7-appMessage', payload: { action: 'create' } });
    socket.receive({ type: 'reload', reason: 'retention' });

    expect(tickets).toHaveBeenCalledExactlyOnceWith({ action: 'delete', ticketId: 1 });
    expect(reload).toHaveBeenCalledOnce();
    client.stop();
  });

  it('authenticates with its first message, never in the URL, and extends the socket with each refreshed token', async () => {
    const client = start();
    await opened();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost/socket');
    expect(socket.sent).toEqual([{ type: 'auth', token: 'jwt' }]);
    socket.receive({ type: 'ready', seq: 4 });

    for (const listener of tokenListeners) listener('refreshed elsewhere');
    expect(socket.sent).toEqual([{ type: 'auth', token: 'jwt' }, { type: 'auth', token: 'refreshed elsewhere' }]);
    client.stop();
    expect(tokenListeners.size).toBe(0);
  });

  it('reconnects at once after being dropped as too slow, and resumes from the last sequence it saw', async () => {
    const client = start();
    FakeWebSocket.latest().receive({ type: 'ready', seq: 3 });
    FakeWebSocket.latest().receive({ type: 'entry', seq: 4, event: 'company-7-ticket', payload: { action: 'x' } });
    FakeWebSocket.latest().serverClose(CLOSE_TOO_SLOW);
    expect(client.state).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    await opened();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'auth', token: 'jwt', lastSeq: 4 }]);
    client.stop();
  });

  it('reconnects with backoff and resumes from the last sequence it saw', async () => {
    const client = start();
    FakeWebSocket.latest().receive({ type: 'ready', seq: 10 });
    FakeWebSocket.latest().receive({ type: 'entry', seq: 11, event: 'company-7-ticket', payload: { action: 'x' } });
    FakeWebSocket.latest().serverClose(1006);
    expect(client.state).toBe('reconnecting');

    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await opened();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'auth', token: 'jwt', lastSeq: 11 }]);

    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.sockets).toHaveLength(3);

    for (let i = 0; i < 5; i++) {
      FakeWebSocket.latest().serverClose(1006);
      vi.advanceTimersByTime(10_000);
    }
    expect(FakeWebSocket.sockets).toHaveLength(8);

    FakeWebSocket.latest().receive({ type: 'ready', seq: 11 });
    expect(client.state).toBe('online');
    client.stop();
  });

  it('refreshes the token once when the server refuses it, then gives up and ends the session', async () => {
    const client = start();
    FakeWebSocket.latest().receive({ type: 'error', error: 'ERR_SESSION_EXPIRED' });
    FakeWebSocket.latest().serverClose(4401);
    await vi.waitFor(() => expect(FakeWebSocket.sockets).toHaveLength(2));
    expect(refreshToken).toHaveBeenCalledOnce();
    await opened();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'auth', token: 'fresh' }]);

    FakeWebSocket.latest().serverClose(4401);
    expect(refreshToken).toHaveBeenCalledOnce();
    expect(endSession).toHaveBeenCalledOnce();
    client.stop();
  });

  it('stops reconnecting once stopped', () => {
    const client = start();
    FakeWebSocket.latest().serverClose(1006);
    client.stop();
    vi.advanceTimersByTime(20_000);
    expect(FakeWebSocket.sockets).toHaveLength(1);
  });
});
