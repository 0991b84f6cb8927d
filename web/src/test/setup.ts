import '../i18n';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { config as transitions } from 'react-transition-group';

// Blueprint's overlays animate with react-transition-group's timers; one still pending when a test file ends fires
// after jsdom is gone ("window is not defined", an unhandled error that fails the run). Tests see the end states.
transitions.disabled = true;

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

afterEach(() => {
  cleanup();
  localStorage.clear();
});
