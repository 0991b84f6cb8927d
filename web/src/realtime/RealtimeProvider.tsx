import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { endSession, onTokenRefreshed, refreshToken } from '../api/client';
import { getToken } from '../api/session';
import { RealtimeClient } from './RealtimeClient';
import { RealtimeContext } from './RealtimeContext';

interface RealtimeProviderProps {
  companyId: number;
  children: ReactNode;
}

function socketUrl(): string {
  return `${location.origin.replace(/^http/, 'ws')}/socket`;
}

/** One socket per signed-in session, open while the private pages are shown. */
export function RealtimeProvider({ companyId, children }: RealtimeProviderProps) {
  const [client] = useState(() => new RealtimeClient({ url: socketUrl(), getToken, refreshToken, onTokenRefreshed, endSession }));
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  const value = useMemo(() => ({ client, companyId }), [client, companyId]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
