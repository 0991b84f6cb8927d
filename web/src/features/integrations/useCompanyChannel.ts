import { useEffect, useRef } from 'react';
import { useRealtime } from '../../realtime/RealtimeContext';

/**
 * Calls `handler` with every entry of `company-{companyId}-{channel}` (the `prompt` and `queueIntegration` channels,
 * web/src/realtime/channels.ts); the latest handler is always used.
 */
export function useCompanyChannel<P>(channel: 'prompt' | 'queueIntegration', handler: (payload: P) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe(`company-${companyId}-${channel}`, (payload) => latest.current(payload as unknown as P)), [client, companyId, channel]);
}
