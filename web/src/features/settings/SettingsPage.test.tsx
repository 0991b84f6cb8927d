import type { SessionUser } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { toastError, toastSuccess } from '../../ui/toaster';
import { admin, me, superAdmin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { SettingsPage } from './SettingsPage';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastSuccess: vi.fn(), toastError: vi.fn() }));

const stored = (change: Record<string, string> = {}) =>
  Object.entries({ userRating: 'disabled', scheduleType: 'disabled', call: 'enabled', sideMenu: 'open', ...change }).map(([key, value]) => ({ key, value }));

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const select = (key: string) => screen.getByTestId<HTMLSelectElement>(`setting-${key}`);

describe('settings page', () => {
  let settings: Array<{ key: string; value: string }>;

  beforeEach(() => {
    FakeWebSocket.install();
    settings = stored();
    vi.mocked(toastSuccess).mockClear();
    vi.mocked(toastError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/settings') return { body: settings };
      if (call.method === 'PUT' && call.url.startsWith('/settings/')) {
        const key = call.url.slice('/settings/'.length);
        const value = (call.body as { value: string }).value;
        if (value === 'queue') return { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
        return { body: { key, value } };
      }
      return { body: [] };
    });
  }

  async function open(user: SessionUser) {
    const fetch = serve();
    renderSignedIn(<SettingsPage />, { user, path: '/settings', route: '/settings' });
    await waitFor(() => expect(select('userRating').value).toBe('disabled'));
    return fetch;
  }

  it('shows every setting with its label, its explanation and its allowed values', async () => {
    await open(admin);
    expect(screen.getByTestId('page')).toBeTruthy();
    const rating = screen.getByTestId('settings-options');
    expect(within(rating).getByLabelText('Ratings')).toBe(select('userRating'));
    expect(within(rating).getByText('Ask the contact to rate the service when a ticket is resolved.')).toBeTruthy();
    expect([...select('scheduleType').options].map((o) => [o.value, o.text])).toEqual([
      ['disabled', 'Disabled'],
      ['queue', 'Per queue'],
      ['company', 'Per company'],
    ]);
    expect(select('call').value).toBe('enabled');
    // A key the server never stored shows its default.
    expect(select('userCreation').value).toBe('enabled');
    // The time zone: each zone by its own name, São Paulo until another is chosen.
    expect(select('timeZone').value).toBe('America/Sao_Paulo');
    expect([...select('timeZone').options].map((o) => o.text)).toEqual(expect.arrayContaining(['Asia/Tokyo', 'Europe/Lisbon', 'UTC']));
    expect(screen.getAllByRole('combobox')).toHaveLength(14);
  });

  it('sends a changed setting and says so', async () => {
    const { calls } = await open(admin);
    await userEvent.selectOptions(select('userRating'), 'enabled');

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Settings updated.'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ url: '/settings/userRating', body: { value: 'enabled' } })]);
    expect(select('userRating').value).toBe('enabled');
  });

  it('keeps the stored value when the server refuses', async () => {
    await open(admin);
    await userEvent.selectOptions(select('scheduleType'), 'queue');
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(select('scheduleType').value).toBe('disabled');
  });

  it("shows another admin's change as it happens, and the opening hours tab only with scheduleType company", async () => {
    await open(admin);
    expect(tabs()).toEqual(['Options']);

    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: 'company-7-settings', payload: { action: 'update', settings: stored({ scheduleType: 'company', call: 'disabled' }) } });
    expect(select('call').value).toBe('disabled');
    expect(tabs()).toEqual(['Options', 'Opening hours']);

    await userEvent.click(screen.getByTestId('settings-tab-schedules'));
    FakeWebSocket.latest().receive({ type: 'entry', seq: 2, event: 'company-7-settings', payload: { action: 'update', settings: stored() } });
    expect(tabs()).toEqual(['Options']);
    expect(select('scheduleType').value).toBe('disabled');
  });

  it('gives the super user the companies, plans and help tabs, and nobody else', async () => {
    await open(superAdmin);
    // Spec §2's tabs first, in its order; other features may add theirs after (billing's payment provider).
    expect(tabs().slice(0, 4)).toEqual(['Options', 'Companies', 'Plans', 'Help']);
    await userEvent.click(screen.getByTestId('settings-tab-helps'));
    expect(await screen.findByTestId('helps-tab')).toBeTruthy();
  });

  it('lets an attendant read the settings but not change them', async () => {
    const { calls } = await open(me);
    expect(tabs()).toEqual(['Options']);
    expect(screen.getByText('Only an administrator can change these settings.')).toBeTruthy();
    expect(select('userRating').disabled).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/settings']);
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    let fail = true;
    fakeFetch(() => (fail ? { status: 500, body: { error: 'ERR_INTERNAL_SERVER_ERROR' } } : { body: settings }));
    renderSignedIn(<SettingsPage />, { user: admin, path: '/settings', route: '/settings' });
    await userEvent.click(await screen.findByTestId('settings-retry'));
    fail = false;
    await userEvent.click(await screen.findByTestId('settings-retry'));
    await waitFor(() => expect(select('userRating').value).toBe('disabled'));
    expect(toastError).toHaveBeenCalled();
  });
});
