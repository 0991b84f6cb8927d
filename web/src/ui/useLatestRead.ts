import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from './toaster';

/**
 * Reads with `read` on mount and on each `reload`, and hands the answer to `keep`; when reads overlap (a feed's entries
 * come in bursts) only the latest one's answer is kept, and none once the component is gone. A failure is toasted,
 * or, given `fail`, handed to it when that read is still the latest. `read` must keep its identity between renders
 * (a module function, or useCallback); `keep` and `fail` may change.
 */
export function useLatestRead<T>(read: () => Promise<T>, keep: (answer: T) => void, fail?: (error: unknown) => void): { loading: boolean; reload(): void } {
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const keepRef = useRef(keep);
  keepRef.current = keep;
  const failRef = useRef(fail);
  failRef.current = fail;

  const reload = useCallback(() => {
    const asked = ++latest.current;
    setLoading(true);
    read()
      .then(
        (answer) => asked === latest.current && keepRef.current(answer),
        (error: unknown) => {
          if (!failRef.current) toastError(error);
          else if (asked === latest.current) failRef.current(error);
        },
      )
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
