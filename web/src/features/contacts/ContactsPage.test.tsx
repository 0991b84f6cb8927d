import type { Contact, ContactDetails, ContactImport } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { ContactsPage } from './ContactsPage';
import { scrollListTo } from '../../test/scroll';

const contact = (id: number, name = `Contact ${id}`): Contact => ({ id, name, number: `5511900000${String(id).padStart(3, '0')}`, email: '', profilePicUrl: '', isGroup: false });
const rows = () => screen.queryAllByTestId(/^contact-row-/);
const names = () => rows().map((r) => r.querySelector('td')?.textContent);
const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/contacts?')).map((c) => c.url);
const location = () => screen.getByTestId('location').textContent;

type Handler = (call: FakeCall, url: URL) => { status?: number; body?: unknown } | undefined;

/** Serves GET /contacts from `pages` (by searchParam, then page number); other calls from `other`. */
function serve(pages: Record<string, Contact[][]>, other: Handler = () => undefined) {
  return fakeFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    const answer = other(call, url);
    if (answer) return answer;
    if (call.method === 'GET' && url.pathname === '/contacts') {
      const list = pages[url.searchParams.get('searchParam') ?? ''] ?? [];
      const page = Number(url.searchParams.get('pageNumber'));
      const hasMore = page < list.length;
      return { body: { contacts: list[page - 1] ?? [], count: list.flat().length, hasMore, ...(hasMore ? { next: `after-page-${page}` } : {}) } };
    }
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const renderPage = (user = admin) => renderSignedIn(<ContactsPage />, { user, path: '/contacts', route: '/contacts' });

describe('contacts page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the contacts; only a profile allowed to delete (admin) sees the delete button', async () => {
    serve({ '': [[contact(1, 'Ana'), { ...contact(2, 'Bruno'), email: 'bruno@example.com' }]] });
    const { unmount } = renderPage(admin);
    await waitFor(() => expect(names()).toEqual(['Ana', 'Bruno']));
    expect(screen.getByTestId('contacts-count').textContent).toBe('2 contacts');
    expect(within(rows()[1]!).getByText('bruno@example.com')).toBeTruthy();
    expect(screen.getByTestId('contact-delete-1')).toBeTruthy();
    unmount();

    renderPage(me);
    await waitFor(() => expect(names()).toEqual(['Ana', 'Bruno']));
    expect(screen.queryByTestId('contact-delete-1')).toBeNull();
    expect(screen.getByTestId('contact-edit-1')).toBeTruthy();
  });

  it('searches 500 ms after the last key, once for the whole word', async () => {
    const { calls } = serve({ '': [[contact(1, 'Ana'), contact(2, 'Bruno')]], bru: [[contact(2, 'Bruno')]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('contacts-search'), 'bru');
    await new Promise((r) => setTimeout(r, 300));
    expect(listCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(names()).toEqual(['Bruno']), { timeout: 2000 });
    expect(listCalls(calls)).toEqual(['/contacts?searchParam=&pageNumber=1', '/contacts?searchParam=bru&pageNumber=1']);
  });

  it('loads the next page when scrolled within 100 px of the bottom', async () => {
    const { calls } = serve({ '': [[contact(1), contact(2)], [contact(3)]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const scroller = screen.getByTestId('contacts-scroll');
    scrollListTo(scroller, 150);
    expect(listCalls(calls)).toHaveLength(1);
    scrollListTo(scroller, 80);
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Asked after where the first page ended.
    expect(listCalls(calls)).toEqual(['/contacts?searchParam=&pageNumber=1', '/contacts?searchParam=&pageNumber=2&cursor=after-page-1']);
  });

  it('adds a contact with extra information, checking the number first; the new contact comes first', async () => {
    const saved: ContactDetails = { ...contact(9, 'Carla'), number: '5511988880001', email: 'carla@example.com', extraInfo: [{ name: 'CPF', value: '123' }] };
    const { calls } = serve({ '': [[contact(1, 'Ana')]] }, (call, url) => (call.method === 'POST' && url.pathname === '/contacts' ? { status: 201, body: saved } : undefined));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByTestId('contacts-add'));
    const dialog = await screen.findByTestId('contact-dialog');
    await userEvent.type(within(dialog).getByTestId('contact-name'), 'Carla');
    await userEvent.type(within(dialog).getByTestId('contact-number'), '123');
    await userEvent.click(within(dialog).getByTestId('contact-save'));
    expect(await within(dialog).findByText(/8 to 15 digits/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByTestId('contact-number'));
    await userEvent.type(within(dialog).getByTestId('contact-number'), '+55 11 98888-0001');
    await userEvent.type(within(dialog).getByTestId('contact-email'), 'carla@example.com');
    await userEvent.click(within(dialog).getByTestId('contact-extra-add'));
    await userEvent.type(within(dialog).getByTestId('contact-extra-name-0'), 'CPF');
    await userEvent.type(within(dialog).getByTestId('contact-extra-value-0'), '123');
    await userEvent.click(within(dialog).getByTestId('contact-save'));
    await waitFor(() => expect(screen.queryByTestId('contact-dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Carla', number: '+55 11 98888-0001', email: 'carla@example.com', extraInfo: [{ name: 'CPF', value: '123' }] },
    ]);
    expect(names()).toEqual(['Carla', 'Ana']);
  });

  it("shows the server's refusal of a number that already has a contact, keeping the dialog", async () => {
    serve({ '': [[contact(1, 'Ana')]] }, (call, url) =>
      call.method === 'POST' && url.pathname === '/contacts' ? { status: 409, body: { error: 'ERR_DUPLICATED_CONTACT', message: 'A contact with this number already exists.' } } : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByTestId('contacts-add'));
    const dialog = await screen.findByTestId('contact-dialog');
    await userEvent.type(within(dialog).getByTestId('contact-name'), 'Ana 2');
    await userEvent.type(within(dialog).getByTestId('contact-number'), '5511900000001');
    await userEvent.click(within(dialog).getByTestId('contact-save'));
    expect(await screen.findByText('A contact with this number already exists.')).toBeTruthy();
    expect(screen.getByTestId('contact-dialog')).toBeTruthy();
  });

  it('edits a contact: loads it, keeps its number read-only, sends the changes', async () => {
    const details: ContactDetails = { ...contact(1, 'Ana'), extraInfo: [{ name: 'Empresa', value: 'ACME' }] };
    const { calls } = serve({ '': [[contact(1, 'Ana')]] }, (call, url) => {
      if (url.pathname === '/contacts/1' && call.method === 'GET') return { body: details };
      if (url.pathname === '/contacts/1' && call.method === 'PUT') return { body: { ...details, ...(call.body as object) } };
      return undefined;
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('contact-edit-1'));
    const dialog = await screen.findByTestId('contact-dialog');
    await waitFor(() => expect((within(dialog).getByTestId('contact-name') as HTMLInputElement).value).toBe('Ana'));
    expect((within(dialog).getByTestId('contact-number') as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByTestId('contact-extra-value-0') as HTMLInputElement).value).toBe('ACME');
    await userEvent.clear(within(dialog).getByTestId('contact-name'));
    await userEvent.type(within(dialog).getByTestId('contact-name'), 'Ana Lima');
    await userEvent.click(within(dialog).getByTestId('contact-extra-remove-0'));
    await userEvent.click(within(dialog).getByTestId('contact-save'));
    await waitFor(() => expect(names()).toEqual(['Ana Lima']));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Ana Lima', extraInfo: [] });
  });

  it('asks before deleting, then deletes', async () => {
    const { calls } = serve({ '': [[contact(1, 'Ana'), contact(2, 'Bruno')]] }, (call, url) =>
      call.method === 'DELETE' && url.pathname === '/contacts/2' ? { body: { message: 'Contact deleted' } } : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByTestId('contact-delete-2'));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(/Delete Bruno\?/)).toBeTruthy();
    await userEvent.click(within(alert).getByText('Cancel'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('contact-delete-2'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByText('Delete'));
    await waitFor(() => expect(names()).toEqual(['Ana']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/contacts/2']);
  });

  it('follows the contact channel: an update merges, a new contact comes first, a delete removes', async () => {
    serve({ '': [[contact(1, 'Ana'), contact(2, 'Bruno')]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const socket = FakeWebSocket.latest();
    socket.receive({ type: 'entry', seq: 1, event: 'company-7-contact', payload: { action: 'update', contact: { id: 2, number: '5511900000002', name: 'Bruno Silva' } } });
    socket.receive({ type: 'entry', seq: 2, event: 'company-7-contact', payload: { action: 'update', contact: { ...contact(5, 'Zé'), extraInfo: [] } } });
    socket.receive({ type: 'entry', seq: 3, event: 'company-7-contact', payload: { action: 'delete', contactId: 1 } });
    await waitFor(() => expect(names()).toEqual(['Zé', 'Bruno Silva']));
    // Many changes at once (an import) come as one reload: the list is fetched again (within a second).
    socket.receive({ type: 'entry', seq: 4, event: 'company-7-contact', payload: { action: 'reload' } });
    await waitFor(() => expect(names()).toEqual(['Ana', 'Bruno']), { timeout: 3000 });
  });

  it('imports a spreadsheet: a progress bar while it runs, then each rejected row and why', async () => {
    const statuses: ContactImport[] = [
      { id: 'job-1', status: 'running', total: 4, done: 2, imported: 1, rejected: [] },
      { id: 'job-1', status: 'done', total: 4, done: 4, imported: 2, rejected: [{ row: 3, reason: 'invalidNumber', value: '12' }, { row: 5, reason: 'duplicated', value: '5511900000001' }] },
    ];
    const { calls } = serve({ '': [[contact(1, 'Ana')]] }, (call, url) => {
      if (call.method === 'POST' && url.pathname === '/contacts/import') return { status: 202, body: { id: 'job-1', status: 'running', total: 4, done: 0, imported: 0, rejected: [] } };
      if (call.method === 'GET' && url.pathname === '/contacts/import/job-1') return { body: statuses.shift() ?? statuses[0] };
      return undefined;
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('contacts-import'));
    const dialog = await screen.findByTestId('contact-import-dialog');
    const file = new File(['name;number\nA;5511900000009\n'], 'contatos.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByTestId('contact-import-file'), file);
    await userEvent.click(screen.getByTestId('contact-import-start'));
    expect(await screen.findByText('0 of 4 rows')).toBeTruthy();
    expect(await screen.findByText('2 of 4 rows', {}, { timeout: 2000 })).toBeTruthy();
    expect(await screen.findByText('Import finished: 2 imported, 2 rejected.', {}, { timeout: 2000 })).toBeTruthy();
    const report = screen.getByTestId('contact-import-rejected');
    expect(within(report).getByText('not a number of 8 to 15 digits with the country code')).toBeTruthy();
    expect(within(report).getByText('this number already has a contact')).toBeTruthy();
    const upload = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect((upload.get('file') as File).name).toBe('contatos.csv');
    // The list is fetched again once the import ends.
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('starts a ticket with a contact through the new-ticket dialog, then opens it', async () => {
    const { calls } = serve({ '': [[contact(1, 'Ana')]] }, (call, url) => {
      if (url.pathname === '/queue') return { body: [] };
      if (url.pathname === '/whatsapp') return { body: [{ id: 3, name: 'Main', isDefault: true }] };
      if (call.method === 'POST' && url.pathname === '/tickets') return { status: 201, body: ticket(77, { uuid: 'aaaaaaaa-0000-4000-8000-000000000077' }) };
      return undefined;
    });
    renderPage(admin);
    await userEvent.click(await screen.findByTestId('contact-ticket-1'));
    const dialog = await screen.findByTestId('new-ticket-dialog');
    expect(within(dialog).getByText('5511900000001')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/whatsapp'))).toBe(true));
    await userEvent.click(within(dialog).getByTestId('new-ticket-confirm'));
    await waitFor(() => expect(location()).toBe('/tickets/aaaaaaaa-0000-4000-8000-000000000077'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/tickets')?.body).toMatchObject({ contactId: 1, whatsappId: 3 });
  });
});
