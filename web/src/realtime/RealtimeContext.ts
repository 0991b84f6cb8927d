import { createContext, useContext } from 'react';
import type { RealtimeClient } from './RealtimeClient';

export interface Realtime {
  client: RealtimeClient;
  companyId: number;
}

export const RealtimeContext = createContext<Realtime | null>(null);

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return realtime;
}
