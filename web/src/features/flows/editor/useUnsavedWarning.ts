import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Navigate = (...args: unknown[]) => void;

/**
 * While `dirty`, leaving the page asks first: the browser's own prompt when the tab closes or reloads, and for the
 * console's links (the router here is not a data router, which would offer useBlocker) a navigation held until the
 * person chooses: `pending` is set, `leave()` goes on, `stay()` drops it.
 */
export function useUnsavedWarning(dirty: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<() => void>();
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const held = navigator as unknown as { push: Navigate; replace: Navigate };
    const { push, replace } = held;
    held.push = (...args) => setPending(() => () => push.apply(navigator, args));
    held.replace = (...args) => setPending(() => () => replace.apply(navigator, args));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      held.push = push;
      held.replace = replace;
    };
  }, [dirty, navigator]);
  return {
    pending: pending !== undefined,
    leave: () => {
      setPending(undefined);
      pending?.();
    },
    stay: () => setPending(undefined),
  };
}
