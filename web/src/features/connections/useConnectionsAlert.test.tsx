import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { ALERT_CHECK_DELAY_MS, needsAttention, useConnectionsAlert } from './useConnectionsAlert';

const wrapper = ({ children }: { children: ReactNode }) => <RealtimeProvider companyId={1}>{children}</RealtimeProvider>;

describe('the connections alert', () => {
  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const)('is raised by a connection in %s', (status) => {
    expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true);
  });

  it('is not raised when every connection is connected, or there is none', () => {
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    expect(needsAttention([])).toBe(false);
  });

  describe('as the side menu uses it', () => {
    beforeEach(() => {
      localStorage.setItem('token', 'jwt');
      FakeWebSocket.install();
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('asks for the connections, and again 2 s after a session changes on the feed', async () => {
      let status = 'CONNECTED';
      const { calls } = fakeFetch(() => ({ body: [{ id: 1, status }] }));
      const { result } = renderHook(() => useConnectionsAlert(true), { wrapper });
      await vi.waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/whatsapp?session=0']));
      expect(result.current).toBe(false);

      vi.useFakeTimers();
      status = 'qrcode';
      FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: 'company-1-whatsappSession', payload: { action: 'update', session: { id: 1, status } } });
      expect(calls).toHaveLength(1);
      await act(async () => vi.advanceTimersByTimeAsync(ALERT_CHECK_DELAY_MS));
      vi.useRealTimers();
      await vi.waitFor(() => expect(result.current).toBe(true));
      expect(calls).toHaveLength(2);
    });

    it('asks nothing for a user who does not see the entry', async () => {
      const { calls } = fakeFetch(() => ({ body: [{ id: 1, status: 'qrcode' }] }));
      const { result } = renderHook(() => useConnectionsAlert(false), { wrapper });
      await new Promise((r) => setTimeout(r, 20));
      expect(calls).toEqual([]);
      expect(result.current).toBe(false);
    });
  });
});
