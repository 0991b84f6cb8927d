import { Classes } from '@blueprintjs/core';
import { atom, useAtomValue } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { useEffect } from 'react';

export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'theme';

/** The stored preference, else the system's dark-mode setting. */
function initialTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const currentThemeAtom = atomWithDefault<Theme>(initialTheme);

export const themeAtom = atom(
  (get) => get(currentThemeAtom),
  (_get, set, theme: Theme) => {
    localStorage.setItem(STORAGE_KEY, theme);
    set(currentThemeAtom, theme);
  },
);

/** Blueprint's dark theme goes on <body> so that portals (toasts, popovers) follow it. */
export function useBodyTheme(): void {
  const theme = useAtomValue(themeAtom);
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }, [theme]);
}
