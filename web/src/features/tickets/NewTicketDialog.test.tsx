import type { Contact, SessionUser } from '@atendo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { toastError } from '../../ui/toaster';
import { TicketsManager } from './TicketsManager';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastError: vi.fn() }));

const QUEUES = [
  { id: 1, name: 'Sales', color: '#ff8800' },
  { id: 2, name: 'Support', color: '#0088ff' },
];
const CONNECTIONS = [
  { id: 1, name: 'Main', isDefault: false },
  { id: 2, name: 'Second line', isDefault: true },
];
const MARIA: Contact = { id: 41, name: 'Maria Souza', number: '5511988887777', email: '', profilePicUrl: '', isGroup: false };
const MARIANA: Contact = { id: 42, name: 'Mariana', number: '5511977776666', email: '', profilePicUrl: '', isGroup: false };

const field = <E extends HTMLElement>(testId: string) => screen.getByTestId<E>(testId);
const location = () => screen.getByTestId('location').textContent;

describe('new ticket dialog', () => {
  let calls: FakeCall[];
  /** What POST /tickets answers. */
  let create: () => { status?: number; body: unknown };

  beforeEach(() => {
    FakeWebSocket.install();
    vi.mocked(toastError).mockReset();
    create = () => ({ status: 201, body: ticket(77, { contactId: MARIA.id }) });
    ({ calls } = fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/tickets') return { body: { tickets: [], count: 0, hasMore: false } };
      if (call.method === 'GET' && url.pathname === '/contacts') {
        const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
        const contacts = [MARIA, MARIANA].filter((c) => c.name.toLowerCase().includes(search) || c.number.includes(search));
        return { body: { contacts, count: contacts.length, hasMore: false } };
      }
      if (call.method === 'GET' && url.pathname === '/queue') return { body: QUEUES };
      if (call.method === 'GET' && url.pathname === '/whatsapp') return { body: CONNECTIONS };
      if (call.method === 'POST' && url.pathname === '/tickets') return create();
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const contactSearches = () => calls.filter((c) => c.url.startsWith('/contacts')).map((c) => c.url);
  const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);

  async function openDialog(user: SessionUser = me) {
    renderSignedIn(<TicketsManager selectedUuid={undefined} />, { user });
    await userEvent.click(field('new-ticket'));
    expect(field('new-ticket-dialog')).toBeTruthy();
    await waitFor(() => expect(field<HTMLSelectElement>('new-ticket-connection').value).not.toBe(''));
  }

  /** Focusing the search selects its text on the next frame (Blueprint's Suggest): a person types after that. */
  async function focusSearch() {
    await userEvent.click(field('new-ticket-contact'));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }

  async function chooseContact(typed: string, name: string) {
    await focusSearch();
    await userEvent.keyboard(typed);
    await userEvent.click(await screen.findByText(name, { selector: '[data-testid="new-ticket-contact-option"] *' }));
  }

  it('searches contacts from the 3rd character only, once the typing pauses for 500 ms', async () => {
    await openDialog();
    await focusSearch();
    const search = field('new-ticket-contact');
    // Testing Library's user events wait on setTimeout, which fake timers hold: the keystrokes are change events here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typed = async (text: string, pause: number) => {
      fireEvent.change(search, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(pause));
    };
    await typed('M', 300);
    await typed('Ma', 1000);
    expect(contactSearches()).toEqual([]);
    expect(screen.getByTestId('new-ticket-contact-option-none').textContent).toBe('Type at least 3 characters to search');

    await typed('Mar', 300);
    await typed('Mari', 499);
    expect(contactSearches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(contactSearches()).toEqual(['/contacts?searchParam=Mari']);
    vi.useRealTimers();

    await waitFor(() => expect(screen.getAllByTestId('new-ticket-contact-option').map((o) => o.textContent)).toEqual(['Maria Souza5511988887777', 'Mariana5511977776666']));
    expect(contactSearches()).toHaveLength(1);
  });

  it('says that a name nobody has must be an existing contact', async () => {
    await openDialog();
    await focusSearch();
    await userEvent.keyboard('Zelda');
    await waitFor(() => expect(field('new-ticket-contact-option-none').textContent).toBe('No contact is called “Zelda”. A new ticket needs a contact that already exists: search by number, or wait for the customer to write.'));
    await userEvent.clear(field('new-ticket-contact'));
    await userEvent.keyboard('5511000');
    await waitFor(() => expect(field('new-ticket-contact-option-none').textContent).toBe('No contact found'));
  });

  it("asks an agent for one of their own queues and sends nothing without it; then starts the ticket and shows it", async () => {
    await openDialog();
    // The agent's queues come with the session: only Sales, and no call for the company's.
    expect(within(field('new-ticket-queue')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a queue', 'Sales']);
    expect(calls.some((c) => c.url.startsWith('/queue'))).toBe(false);
    // No connection of the agent's own: the company's default.
    expect(field<HTMLSelectElement>('new-ticket-connection').value).toBe('2');

    await userEvent.click(field('new-ticket-confirm'));
    await waitFor(() => expect(screen.getByText('Select a queue', { selector: '.bp6-form-helper-text' })).toBeTruthy());
    expect(screen.getByText('Contact is required', { selector: '.bp6-form-helper-text' })).toBeTruthy();
    await chooseContact('Maria', 'Maria Souza');
    await userEvent.click(field('new-ticket-confirm'));
    expect(posts()).toEqual([]);

    await userEvent.selectOptions(field('new-ticket-queue'), '1');
    await userEvent.click(field('new-ticket-confirm'));
    await waitFor(() => expect(location()).toBe('/tickets/uuid-77'));
    expect(posts()).toEqual([{ contactId: MARIA.id, queueId: 1, whatsappId: 2, status: 'open' }]);
    expect(screen.queryByTestId('new-ticket-dialog')).toBeNull();
  });

  it("starts on the agent's own connection when they have one", async () => {
    await openDialog({ ...me, whatsappId: 1 });
    expect(field<HTMLSelectElement>('new-ticket-connection').value).toBe('1');
    await chooseContact('Mariana', 'Mariana');
    await userEvent.selectOptions(field('new-ticket-queue'), '1');
    await userEvent.selectOptions(field('new-ticket-connection'), '2');
    await userEvent.click(field('new-ticket-confirm'));
    await waitFor(() => expect(posts()).toEqual([{ contactId: MARIANA.id, queueId: 1, whatsappId: 2, status: 'open' }]));
  });

  it("offers an admin every queue of the company, and starts a ticket without one", async () => {
    await openDialog(admin);
    await waitFor(() => expect(within(field('new-ticket-queue')).getAllByRole('option').map((o) => o.textContent)).toEqual(['No queue', 'Sales', 'Support']));
    await chooseContact('Maria', 'Maria Souza');
    await userEvent.click(field('new-ticket-confirm'));
    await waitFor(() => expect(posts()).toEqual([{ contactId: MARIA.id, queueId: null, whatsappId: 2, status: 'open' }]));
    await waitFor(() => expect(location()).toBe('/tickets/uuid-77'));
  });

  it('says who holds the contact’s open ticket, and in which queue, and stays open', async () => {
    create = () => ({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: 9, userId: 4, queueId: 2, userName: 'Bruno', queueName: 'Support' } } });
    await openDialog();
    await chooseContact('Maria', 'Maria Souza');
    await userEvent.selectOptions(field('new-ticket-queue'), '1');
    await userEvent.click(field('new-ticket-confirm'));
    const held = await screen.findByTestId('new-ticket-held');
    expect(held.textContent).toBe('There is already an open ticket for this contact.Attended by BrunoQueue: Support');
    expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_OTHER_OPEN_TICKET' }));
    expect(field('new-ticket-dialog')).toBeTruthy();
    expect(location()).toBe('/tickets');

    // A ticket waiting in no queue, for nobody yet.
    create = () => ({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: 9, userId: null, queueId: null, userName: null, queueName: null } } });
    await userEvent.click(field('new-ticket-confirm'));
    await waitFor(() => expect(field('new-ticket-held').textContent).toBe('There is already an open ticket for this contact.Waiting for an agentNo queue'));
    // Another contact: the notice was about the first.
    await userEvent.click(screen.getByRole('button', { name: 'Clear the contact' }));
    expect(screen.queryByTestId('new-ticket-held')).toBeNull();
  });
});
