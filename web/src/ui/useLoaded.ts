import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { toastError } from './toaster';

export interface Loaded<T> {
  /** Undefined until the first answer. */
  value: T | undefined;
  setValue: Dispatch<SetStateAction<T | undefined>>;
  /** The last read failed (and was toasted). */
  failed: boolean;
  /** Reads again. */
  reload(): void;
}

/** What `read` answers, read once on mount and again on `reload`; `read` must keep its identity between renders. */
export function useLoaded<T>(read: () => Promise<T>): Loaded<T> {
  const [value, setValue] = useState<T>();
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    setFailed(false);
    read().then(setValue, (error: unknown) => {
      setFailed(true);
      toastError(error);
    });
  }, [read]);
  useEffect(reload, [reload]);
  return { value, setValue, failed, reload };
}
