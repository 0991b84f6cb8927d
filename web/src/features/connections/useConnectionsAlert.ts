import type { SessionStatus, Whatsapp } from '@atendo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { useFeed } from '../../realtime/useFeed';

/** Spec §2: the connections entry shows an alert while a connection is in one of these states. */
export const ALERT_STATUSES: readonly SessionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** Spec §9: the alert is evaluated again 2 seconds after a connection changes (a reconnect often settles by then). */
export const ALERT_CHECK_DELAY_MS = 2_000;

export const needsAttention = (connections: Array<Pick<Whatsapp, 'status'>>) => connections.some((c) => ALERT_STATUSES.includes(c.status));

/**
 * Whether any of the company's connections needs attention (the side menu's badge on /connections). Asked when the
 * console opens and again 2 s after each connection or session update on the realtime feed. `enabled` false (a user
 * who does not see the entry) asks nothing.
 */
export function useConnectionsAlert(enabled: boolean): boolean {
  const [alert, setAlert] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const check = useCallback(() => {
    api.get<Whatsapp[]>('/whatsapp', { session: 0 }).then(
      (connections) => setAlert(needsAttention(connections ?? [])),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (enabled) check();
    return () => clearTimeout(timer.current);
  }, [enabled, check]);

  const later = () => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(check, ALERT_CHECK_DELAY_MS);
  };
  useFeed('whatsapp', later);
  useFeed('whatsappSession', later);
  return enabled && alert;
}
