import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../app/UserMenu';
import { changeLanguage, i18n } from '../../i18n';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { aUser, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const changes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

/** Opens the profile dialog from the top bar's user menu. */
async function openProfile() {
  renderSignedIn(<UserMenu />);
  await userEvent.click(screen.getByTestId('user-menu'));
  await userEvent.click(await screen.findByTestId('profile-open'));
  return screen.findByRole('dialog');
}

describe('profile dialog', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => {
    vi.unstubAllGlobals();
    changeLanguage('en');
  });

  it("changes the user's own name and language; the top bar shows the new name", async () => {
    const { calls } = fakeFetch((call) => {
      if (call.method === 'PUT') return { body: aUser(me.id, { ...(call.body as object), email: me.email }) };
      return { body: { language: 'pt' } };
    });
    const dialog = await openProfile();
    expect(field('profile-name').value).toBe('Ana');
    expect(field('profile-email').value).toBe('ana@example.com');

    await userEvent.clear(field('profile-name'));
    await userEvent.type(field('profile-name'), 'Ana Maria');
    await userEvent.selectOptions(field('profile-language'), 'pt');
    await userEvent.click(within(dialog).getByTestId('profile-save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([
      { method: 'PUT', url: '/users/3', token: 'jwt', body: { name: 'Ana Maria' } },
      { method: 'POST', url: '/users/set-language/pt', token: 'jwt', body: undefined },
    ]);
    expect(screen.getByTestId('user-menu').textContent).toContain('Ana Maria');
    expect(i18n.language).toBe('pt');
    expect(localStorage.getItem('i18nextLng')).toBe('pt');
    expect(await screen.findByText('Perfil salvo.')).toBeTruthy();
  });

  it('sends a new password only when one is typed, and nothing when nothing changed', async () => {
    const { calls } = fakeFetch(() => ({ body: aUser(me.id, { name: me.name, email: me.email }) }));
    let dialog = await openProfile();
    await userEvent.click(within(dialog).getByTestId('profile-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);

    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByTestId('profile-open'));
    dialog = await screen.findByRole('dialog');
    await userEvent.type(field('profile-password'), 'New-pass-1');
    await userEvent.click(within(dialog).getByTestId('profile-save'));
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0]).toMatchObject({ method: 'PUT', url: '/users/3', body: { password: 'New-pass-1' } });
  });

  it('shows the rules as messages, and keeps what was typed when the server refuses', async () => {
    const { calls } = fakeFetch(() => ({ status: 409, body: { error: 'ERR_USER_EMAIL_ALREADY_EXISTS' } }));
    const dialog = await openProfile();

    await userEvent.clear(field('profile-name'));
    await userEvent.click(within(dialog).getByTestId('profile-save'));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(changes(calls)).toEqual([]);

    await userEvent.type(field('profile-name'), 'Ana');
    await userEvent.clear(field('profile-email'));
    await userEvent.type(field('profile-email'), 'bob@example.com');
    await userEvent.click(within(dialog).getByTestId('profile-save'));
    expect(await screen.findByText('A user with this email already exists.')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'PUT', url: '/users/3', token: 'jwt', body: { email: 'bob@example.com' } }]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(field('profile-email').value).toBe('bob@example.com');
    expect(screen.getByTestId('user-menu').textContent).toContain('Ana');
  });
});
