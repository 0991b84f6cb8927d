import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from './toaster';

interface Paged {
  hasMore: boolean;
  page: number;
}

/**
 * A list fetched page by page. It loads page 1 whenever `fetchPage` changes (keep it stable with useCallback)
 * and drops answers that arrive after a newer reload.
 */
export function usePagedList<S extends Paged, R>(
  empty: S,
  fetchPage: (page: number) => Promise<R>,
  addPage: (state: S, page: number, response: R) => S,
) {
  const [state, setState] = useState<S>(empty);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);

  const load = useCallback(
    (page: number) => {
      const current = generation.current;
      setLoading(true);
      fetchPage(page)
        .then((response) => {
          if (current === generation.current) setState((s) => addPage(s, page, response));
        }, toastError)
        .finally(() => {
          if (current === generation.current) setLoading(false);
        });
    },
    [fetchPage, addPage],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    setState(empty);
    load(1);
  }, [load, empty]);

  useEffect(reload, [reload]);

  const loadMore = useCallback(() => {
    if (!loading && state.hasMore) load(state.page + 1);
  }, [load, loading, state.hasMore, state.page]);

  return { state, setState, loading, reload, loadMore };
}
