import { useEffect, useRef, useState } from 'react';

/**
 * The width of the element `ref` is put on, followed as it changes: a chart drawn at its box's real width keeps its
 * labels at their size on a phone, where a scaled-down drawing would shrink them. `fallback` until measured (and where
 * the browser cannot measure: the component tests' DOM).
 */
export function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
