import { useCallback, useEffect, useRef, useState } from 'react';

export interface Answer<T> {
  /** Undefined while reading (and after a failure). */
  value: T | undefined;
  failed: boolean;
  retry(): void;
}

/**
 * What `read` answers, read again whenever `read` changes (keep its identity with `useCallback` on what it reads) and
 * on `retry`; an answer to an older read that comes late is dropped. A failure goes to `onError` and stays `failed`.
 */
export function useAnswer<T>(read: () => Promise<T>, onError: (error: unknown) => void): Answer<T> {
  const [value, setValue] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const toast = useRef(onError);
  toast.current = onError;
  useEffect(() => {
    let current = true;
    setValue(undefined);
    setFailed(false);
    read().then(
      (answer) => current && setValue(answer),
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        toast.current(error);
      },
    );
    return () => {
      current = false;
    };
  }, [read, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { value, failed, retry };
}
