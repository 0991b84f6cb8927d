import { useCallback, useEffect, useRef } from 'react';

/**
 * A reload at most once per `everyMs` (an import tells "fetch again" batch after batch). It runs the reload of when it
 * fires: one asked before the search changed fetches what the search shows now, not the whole list.
 */
export function useReloadSoon(reload: () => void, everyMs: number): () => void {
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => () => clearTimeout(pending.current), []);
  return useCallback(() => {
    pending.current ??= setTimeout(() => {
      pending.current = undefined;
      latest.current();
    }, everyMs);
  }, [everyMs]);
}
