import type { SendGovernorReason } from '@atendo/contracts';
import { useEffect, useState } from 'react';
import { lookups } from '../api/lookups';

/** How often the connections page asks the governor again: a hold lasts seconds to minutes. */
export const GOVERNOR_REFRESH_MS = 30_000;

/** The governor holds a connection's sends back until `notBefore`, because of `reason`. */
export interface GovernorHold {
  notBefore: string;
  reason: SendGovernorReason;
}

export type GovernorHolds = Map<number, GovernorHold>;

/** The connections whose sends the governor holds back now (GET /send-governor), by connection id; past holds drop out. */
export function useSendGovernorHolds(): GovernorHolds {
  const [holds, setHolds] = useState<GovernorHolds>(new Map());
  useEffect(() => {
    let live = true;
    const load = () =>
      void lookups.sendGovernor().then((list) => {
        if (!live) return;
        const now = Date.now();
        const held: GovernorHolds = new Map();
        for (const s of list) if (s.notBefore && s.reason && Date.parse(s.notBefore) > now) held.set(s.whatsappId, { notBefore: s.notBefore, reason: s.reason });
        setHolds(held);
      });
    load();
    const timer = setInterval(load, GOVERNOR_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return holds;
}
