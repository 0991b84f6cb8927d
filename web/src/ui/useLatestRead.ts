import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from './toaster';

/**
 * Reads with `read` on mount and on each `reload`, and hands the answer to `keep`; when reads overlap (a feed's entries
 * come in bursts) only the latest one's answer is kept, and none once the component is gone. A failure is toasted.
 * `read` must keep its identity between renders (a module function, or useCallback); `keep` may change.
 */
export function useLatestRead<T>(read: () => Promise<T>, keep: (answer: T) => void): { loading: boolean; reload(): void } {
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const keepRef = useRef(keep);
  keepRef.current = keep;

  const reload = useCallback(() => {
    const asked = ++latest.current;
    setLoading(true);
    read()
      .then((answer) => asked === latest.current && keepRef.current(answer), toastError)
      .finally(() => asked === latest.current && setLoading(false));
  }, [read]);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { loading, reload };
}
