import type { TicketNote } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { toastError, toastSuccess } from '../../ui/toaster';
import { TicketNotes } from './TicketNotes';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastError: vi.fn(), toastSuccess: vi.fn() }));

const shown = ticket(1, { contact: { id: 101, name: 'Contact 1', number: '551190000001', email: 'c1@example.com', profilePicUrl: '' } });

function note(id: number, text: string, createdAt: string, author = { id: me.id, name: me.name }): TicketNote {
  return { id, note: text, ticketId: 1, contactId: 101, user: author, createdAt };
}

const notes = () => screen.getAllByTestId('ticket-note').map((n) => n.querySelector('.ticket-note-text')?.textContent);
const input = () => screen.getByTestId<HTMLTextAreaElement>('ticket-note-input');

describe("a ticket's notes (in the contact's drawer)", () => {
  let calls: FakeCall[];
  let stored: TicketNote[];
  let refuseAdd: boolean;

  beforeEach(() => {
    FakeWebSocket.install();
    vi.mocked(toastError).mockReset();
    vi.mocked(toastSuccess).mockReset();
    refuseAdd = false;
    // Oldest first here: the notes show the newest on top.
    stored = [
      note(1, 'Asked for a quote', '2026-03-01T10:00:00.000Z'),
      note(2, 'Called back by a colleague', '2026-03-02T09:00:00.000Z', { id: 8, name: 'Bia' }),
    ];
    ({ calls } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/ticket-notes/list?ticketId=1&contactId=101') return { body: stored };
      if (call.method === 'POST' && call.url === '/ticket-notes') {
        if (refuseAdd) return { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
        const body = call.body as { note: string };
        const added = note(3, body.note, '2026-03-03T08:00:00.000Z');
        stored = [...stored, added];
        return { status: 201, body: added };
      }
      if (call.method === 'DELETE' && call.url.startsWith('/ticket-notes/')) {
        const id = Number(call.url.split('/').pop());
        stored = stored.filter((n) => n.id !== id);
        return { body: { message: 'Note deleted' } };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => vi.unstubAllGlobals());

  const open = (user = me) => renderSignedIn(<TicketNotes ticket={shown} />, { path: '/tickets/uuid-1', user });
  const writes = () => calls.filter((c) => c.method !== 'GET');

  it("shows the ticket's notes, newest first, under their title", async () => {
    open();
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeTruthy();
    await waitFor(() => expect(notes()).toEqual(['Called back by a colleague', 'Asked for a quote']));
    expect(screen.getAllByTestId('ticket-note')[0]?.textContent).toContain('Bia');
  });

  it('offers to delete only the notes of their author, and every note to an admin', async () => {
    open();
    await waitFor(() => expect(notes()).toHaveLength(2));
    const deletable = () => screen.getAllByTestId('ticket-note').map((n) => within(n).queryByTestId('ticket-note-delete') !== null);
    expect(deletable()).toEqual([false, true]);
  });

  it('lets an admin delete any note', async () => {
    open(admin);
    await waitFor(() => expect(notes()).toHaveLength(2));
    expect(screen.getAllByTestId('ticket-note-delete')).toHaveLength(2);
  });

  it('refuses a note of 1 character without asking the server', async () => {
    open();
    await userEvent.type(input(), 'a');
    await userEvent.click(screen.getByTestId('ticket-note-add'));
    expect(await screen.findByText('The note must have at least 2 characters')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('adds a note, says so and shows it on top', async () => {
    open();
    await waitFor(() => expect(notes()).toHaveLength(2));
    await userEvent.type(input(), '  Wants a call on Monday ');
    await userEvent.click(screen.getByTestId('ticket-note-add'));
    await waitFor(() => expect(notes()).toEqual(['Wants a call on Monday', 'Called back by a colleague', 'Asked for a quote']));
    expect(writes()).toEqual([{ method: 'POST', url: '/ticket-notes', token: 'jwt', body: { note: 'Wants a call on Monday', ticketId: 1, contactId: 101 } }]);
    expect(toastSuccess).toHaveBeenCalledWith('Note added successfully!');
    expect(input().value).toBe('');
  });

  it('keeps the text of a note the server refused', async () => {
    refuseAdd = true;
    open();
    await userEvent.type(input(), 'Keep this');
    await userEvent.click(screen.getByTestId('ticket-note-add'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_NO_PERMISSION' })));
    expect(input().value).toBe('Keep this');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('deletes a note once confirmed', async () => {
    open();
    await waitFor(() => expect(notes()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('ticket-note-delete'));
    expect(screen.getByTestId('ticket-note-delete-confirm').textContent).toContain(me.name);
    await userEvent.click(screen.getByTestId('ticket-note-delete-confirm-cancel'));
    expect(writes()).toEqual([]);

    await userEvent.click(screen.getByTestId('ticket-note-delete'));
    await userEvent.click(screen.getByTestId('ticket-note-delete-confirm-confirm'));
    await waitFor(() => expect(notes()).toEqual(['Called back by a colleague']));
    expect(writes().map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /ticket-notes/1']);
    expect(toastSuccess).toHaveBeenCalledWith('Note deleted successfully!');
  });
});
