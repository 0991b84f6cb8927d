import { i18n } from '../i18n';
import { clearToasts } from '../ui/toaster';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { config as transitions } from 'react-transition-group';

// Blueprint's overlays animate with react-transition-group's timers; one still pending when a test file ends fires
// after jsdom is gone ("window is not defined", an unhandled error that fails the run). Tests see the end states.
transitions.disabled = true;

// findBy… and waitFor give up after 1 s by default; on a machine whose two cores the server suites keep busy a
// render can take longer than that while nothing is wrong (a route now passes a feature's page gate and a lazy page
// before it draws: AppRoutes' sign-in test took 0.9–4.6 s on a loaded machine on 2026-11-29).
configure({ asyncUtilTimeout: 6000 });

// jsdom has neither matchMedia nor ResizeObserver; Blueprint and the theme read them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', ResizeObserverStub);

// A worker keeps its modules from one file to the next (vitest.config.ts): each test starts in English, as a new page
// does, whatever language the file before it left (each file's new jsdom document starts in the light theme).
beforeEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
});

afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
});
