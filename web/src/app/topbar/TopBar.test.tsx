import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { TOP_BAR_FOLD_QUERY, TopBar } from '../TopBar';

function screenMatches(query: string) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (q: string) => ({ matches: q === query, media: q, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

describe('top bar', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    fakeFetch((call) => (call.url.startsWith('/tickets?') ? { body: { tickets: [], count: 0, hasMore: false } } : { body: { records: [], count: 0, hasMore: false } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every item on a wide screen', () => {
    renderSignedIn(<TopBar menuOpen={false} onToggleMenu={() => undefined} />);
    for (const id of ['menu-toggle', 'announcements-button', 'notifications-button', 'language-select', 'theme-toggle', 'volume-button', 'refresh-button', 'user-menu', 'greeting']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.queryByTestId('more-button')).toBeNull();
  });

  it('folds language, theme, volume and refresh into one menu on a phone-width screen', async () => {
    screenMatches(TOP_BAR_FOLD_QUERY);
    renderSignedIn(<TopBar menuOpen={false} onToggleMenu={() => undefined} />);
    for (const id of ['language-select', 'theme-toggle', 'volume-button', 'refresh-button']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('announcements-button')).toBeTruthy();
    expect(screen.getByTestId('notifications-button')).toBeTruthy();

    await userEvent.click(screen.getByTestId('more-button'));
    expect(screen.getByRole('slider', { name: 'Notification volume' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('more-theme'));
    expect(localStorage.getItem('theme')).toBe('dark');
    await userEvent.click(screen.getByTestId('more-button'));
    await userEvent.click(screen.getByTestId('more-language-pt'));
    expect(localStorage.getItem('i18nextLng')).toBe('pt');
    const { changeLanguage } = await import('../../i18n');
    changeLanguage('en');
  });
});
