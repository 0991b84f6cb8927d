import { useEffect, useRef, useState } from 'react';

/**
 * What `read` answers, read again whenever `read` changes (keep its identity with `useCallback` on what it reads):
 * undefined while reading, and an answer to an older `read` that comes late is dropped. A failure goes to `onError`.
 */
export function useAnswer<T>(read: () => Promise<T>, onError: (error: unknown) => void): T | undefined {
  const [answer, setAnswer] = useState<T>();
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    let current = true;
    setAnswer(undefined);
    read().then(
      (value) => current && setAnswer(value),
      (error: unknown) => current && failed.current(error),
    );
    return () => {
      current = false;
    };
  }, [read]);
  return answer;
}
