import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { ContactDrawer } from './ContactDrawer';

const shown = ticket(1, { contact: { id: 101, name: 'Contact 1', number: '551190000001', email: 'c1@example.com', profilePicUrl: '' } });

describe('contact drawer', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    fakeFetch((call) => (call.method === 'GET' && call.url.startsWith('/ticket-notes/list') ? { body: [] } : { status: 404, body: { error: 'ERR_NOT_FOUND' } }));
  });

  afterEach(() => vi.unstubAllGlobals());

  it("shows how to reach the contact, and the parts other features show there (the ticket's notes)", async () => {
    renderSignedIn(<ContactDrawer isOpen ticket={shown} onClose={() => undefined} />, { path: '/tickets/uuid-1' });
    const drawer = screen.getByTestId('contact-drawer');
    expect(within(drawer).getByText('551190000001').getAttribute('href')).toBe('tel:551190000001');
    expect(within(drawer).getByText('c1@example.com').getAttribute('href')).toBe('mailto:c1@example.com');
    expect(await within(drawer).findByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(await within(drawer).findByText('No notes yet')).toBeTruthy();
  });

  it('shows no e-mail line for a contact without one', () => {
    renderSignedIn(<ContactDrawer isOpen ticket={ticket(1)} onClose={() => undefined} />, { path: '/tickets/uuid-1' });
    expect(within(screen.getByTestId('contact-drawer')).queryByText('E-mail')).toBeNull();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});
