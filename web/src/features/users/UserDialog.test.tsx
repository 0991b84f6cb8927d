import type { SessionUser } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, aUser, me, superAdmin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { UserDialog } from './UserDialog';

const queues = [
  { id: 1, name: 'Sales', color: '#ff8800' },
  { id: 2, name: 'Support', color: '#003366' },
];
const connections = [{ id: 4, name: 'Main line' }];

/** Answers the pickers' lists; `save` answers POST and PUT /users. */
function serve(save: (call: FakeCall) => { status?: number; body?: unknown } = (call) => ({ status: call.method === 'POST' ? 201 : 200, body: aUser(9, call.body as object) })) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.url === '/queue') return { body: queues };
    if (call.method === 'GET' && call.url === '/whatsapp?session=0') return { body: connections };
    if (call.url === '/auth/refresh_token') return { body: { token: 'jwt2', user: admin } };
    return save(call);
  });
}

function open(viewer: SessionUser, props: Partial<React.ComponentProps<typeof UserDialog>> = {}) {
  const onClose = vi.fn();
  renderSignedIn(<UserDialog isOpen onClose={onClose} {...props} />, { user: viewer, path: '/users', route: '/users' });
  return { onClose, dialog: screen.getByRole('dialog') };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const saves = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('user dialog', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the contracts' rules as messages and sends nothing while they fail", async () => {
    const { calls } = serve();
    const { dialog } = open(admin);

    await userEvent.click(within(dialog).getByTestId('user-save'));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('E-mail is required')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();

    await userEvent.type(field('user-name'), 'A');
    await userEvent.type(field('user-email'), 'not-an-email');
    await userEvent.type(field('user-password'), '1234');
    await userEvent.click(within(dialog).getByTestId('user-save'));
    expect(await within(dialog).findByText('Name must have at least 2 characters')).toBeTruthy();
    expect(within(dialog).getByText('E-mail must be a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Password must have at least 8 characters, with an upper-case letter, a lower-case letter and a digit')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('adds a user with profile, queues, default connection and allTicket, and says so', async () => {
    const { calls } = serve();
    const { dialog, onClose } = open(admin);

    await userEvent.type(field('user-name'), '  Carla ');
    await userEvent.type(field('user-email'), 'carla@example.com');
    await userEvent.type(field('user-password'), 'Secret-123');
    await userEvent.selectOptions(field('user-profile'), 'admin');
    await userEvent.click(within(dialog).getByLabelText('Queues'));
    await userEvent.click(await screen.findByText('Support', { selector: '.bp6-menu-item *' }));
    await waitFor(() => expect(within(dialog).getByText('Support')).toBeTruthy());
    await waitFor(() => expect(within(field('user-whatsappId')).getByText('Main line')).toBeTruthy());
    await userEvent.selectOptions(field('user-whatsappId'), '4');
    await userEvent.click(field('user-allTicket'));
    // Only super users hand out the super flag.
    expect(within(dialog).queryByTestId('user-super')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('user-save'));

    expect(await screen.findByText('User saved.')).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/users',
        token: 'jwt',
        body: { name: 'Carla', email: 'carla@example.com', password: 'Secret-123', profile: 'admin', queueIds: [2], whatsappId: 4, allTicket: 'enabled' },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a user without a password unless one is typed', async () => {
    const { calls } = serve();
    const bob = aUser(5, { name: 'Bob', queues: [queues[0]!], whatsappId: 4, allTicket: 'enabled' });
    const { dialog } = open(admin, { user: bob });
    expect(field('user-name').value).toBe('Bob');
    expect(within(dialog).getByText('Sales')).toBeTruthy();
    expect(field('user-allTicket').checked).toBe(true);

    await userEvent.clear(field('user-name'));
    await userEvent.type(field('user-name'), 'Robert');
    await userEvent.click(within(dialog).getByTestId('user-save'));

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({ method: 'PUT', url: '/users/5' });
    expect(saves(calls)[0]!.body).toEqual({ name: 'Robert', email: 'user5@example.com', profile: 'user', queueIds: [1], whatsappId: 4, allTicket: 'enabled' });
  });

  it('hides profile, queues, connection and allTicket from a non-admin, and sends only their own fields', async () => {
    const { calls } = serve();
    const { dialog } = open(me, { user: aUser(me.id, { name: me.name, email: me.email }) });
    for (const testId of ['user-profile', 'user-whatsappId', 'user-allTicket', 'user-super']) expect(within(dialog).queryByTestId(testId)).toBeNull();
    expect(within(dialog).queryByLabelText('Queues')).toBeNull();

    await userEvent.type(field('user-password'), 'New-pass-1');
    await userEvent.click(within(dialog).getByTestId('user-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ name: 'Ana', email: 'ana@example.com', password: 'New-pass-1' });
    // No picker lists were asked for.
    expect(calls.filter((c) => c.method === 'GET')).toEqual([]);
  });

  it('shows the super flag to a super user and sends it', async () => {
    const { calls } = serve();
    const { dialog } = open(superAdmin, { user: aUser(5) });
    await userEvent.click(within(dialog).getByTestId('user-super'));
    await userEvent.click(within(dialog).getByTestId('user-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ super: true });
  });

  it.each([
    ['ERR_USER_EMAIL_ALREADY_EXISTS', 409, 'A user with this email already exists.'],
    ['ERR_PLAN_LIMIT_REACHED', 403, "The company's plan allows no more of these. Change the plan to add more."],
    ['ERR_USER_CREATION_DISABLED', 403, 'User creation has been disabled by the administrator.'],
  ])('keeps the dialog open and filled when the server answers %s', async (code, status, text) => {
    const { calls } = serve(() => ({ status, body: { error: code } }));
    const { dialog, onClose } = open(admin);
    await userEvent.type(field('user-name'), 'Carla');
    await userEvent.type(field('user-email'), 'carla@example.com');
    await userEvent.type(field('user-password'), 'Secret-123');
    await userEvent.click(within(dialog).getByTestId('user-save'));

    expect(await screen.findByText(text)).toBeTruthy();
    expect(saves(calls).filter((c) => c.url === '/users').length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect([field('user-name').value, field('user-email').value, field('user-password').value]).toEqual(['Carla', 'carla@example.com', 'Secret-123']);
  });

  it("shows the server's field errors under their fields", async () => {
    serve(() => ({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'whatsappId', rule: 'invalid', message: 'is invalid' }] } }));
    const { dialog } = open(admin, { user: aUser(5) });
    await userEvent.click(within(dialog).getByTestId('user-save'));
    expect(await within(dialog).findByText('Default connection is invalid')).toBeTruthy();
  });
});
