import { useCallback, useEffect, useRef, type UIEvent } from 'react';

/** How close to the bottom of a list its next page is fetched (spec: infinite scroll). */
export const LOAD_MORE_DISTANCE = 100;

/**
 * Infinite scroll for a scrolling pane: `loadMore` runs when the pane is scrolled within LOAD_MORE_DISTANCE of its
 * bottom, and while what is shown (`shown` changes with it) does not yet fill the pane, which gives nothing to scroll.
 */
export function useInfiniteScroll<T extends HTMLElement = HTMLDivElement>(loadMore: () => void, shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) loadMore();
  }, [shown, loadMore]);
  const onScroll = useCallback(
    (event: UIEvent<T>) => {
      const el = event.currentTarget;
      if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_DISTANCE) loadMore();
    },
    [loadMore],
  );
  return { ref, onScroll };
}
