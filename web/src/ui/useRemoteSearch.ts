import { useEffect, useState } from 'react';
import { toastError } from './toaster';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec §5: pickers search the server from the 3rd character, 500 ms after the last keystroke (transfer, new ticket). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 500;

export interface RemoteSearch<T> {
  items: T[];
  searching: boolean;
  /** Fewer characters than a search needs: nothing was asked. */
  tooShort: boolean;
  /** The text the items answer (trimmed, once the typing paused). */
  searchParam: string;
}

const NOTHING: never[] = [];

/**
 * What `search` finds for `text`, asked once the typing pauses and only for 3 characters or more; an answer to an
 * older text is dropped. `search` must keep its identity between renders (a module function, or useCallback).
 */
export function useRemoteSearch<T>(text: string, search: (searchParam: string) => Promise<T[]>): RemoteSearch<T> {
  const searchParam = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = searchParam.length < SEARCH_MIN_LENGTH;
  const [found, setFound] = useState<{ searchParam: string; items: T[] }>();

  useEffect(() => {
    if (tooShort) return;
    let live = true;
    search(searchParam).then(
      (items) => live && setFound({ searchParam, items }),
      (error: unknown) => {
        if (!live) return;
        toastError(error);
        setFound({ searchParam, items: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [searchParam, tooShort, search]);

  const current = !tooShort && found?.searchParam === searchParam ? found.items : undefined;
  return { items: current ?? NOTHING, searching: !tooShort && current === undefined, tooShort, searchParam };
}
