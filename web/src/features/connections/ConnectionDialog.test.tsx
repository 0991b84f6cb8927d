import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { ConnectionDialog } from './ConnectionDialog';
import type { Connection } from './connectionsApi';
import { admin, aConnection } from '../../test/fixtures';

const queues = [
  { id: 1, name: 'Sales', color: '#ff8800', greetingMessage: '', outOfHoursMessage: '', orderQueue: null, promptId: null, integrationId: null },
  { id: 2, name: 'Support', color: '#003366', greetingMessage: '', outOfHoursMessage: '', orderQueue: null, promptId: null, integrationId: null },
];

type Answer = { status?: number; body?: unknown };

/** Answers the dialog's lists (prompts and integrations: 404, as today, unless given) and `save` the POST and PUT. */
function serve({ save, prompts, details }: { save?: (call: FakeCall) => Answer; prompts?: unknown; details?: Connection & { token: string } } = {}) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.url === '/queue') return { body: queues };
    if (call.method === 'GET' && call.url === '/prompt') return prompts ? { body: prompts } : { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    if (call.method === 'GET' && call.url === '/queueIntegration') return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    if (call.method === 'GET' && details && call.url === `/whatsapp/${details.id}?session=0`) return { body: details };
    if (save && (call.method === 'POST' || call.method === 'PUT')) return save(call);
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

function open(connection?: Connection) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderSignedIn(<ConnectionDialog isOpen connection={connection} onClose={onClose} onSaved={onSaved} />, { user: admin, path: '/connections', route: '/connections' });
  return { onSaved, onClose, dialog: screen.getByRole('dialog') };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const saves = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
const tab = (name: string) => screen.getByRole('tab', { name });
const pickQueue = async (name: string) => {
  await userEvent.click(screen.getByLabelText('Queues'));
  await userEvent.click(await screen.findByText(name, { selector: '.bp6-menu-item *' }));
};

describe('connection dialog', { timeout: 20_000 }, () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it("checks the contracts' rules and the greeting rule before sending, and shows the refused field's tab", async () => {
    const { calls } = serve({ save: () => ({ status: 201, body: {} }) });
    const { dialog } = open();

    await userEvent.type(field('connection-name'), 'A');
    await userEvent.click(within(dialog).getByTestId('connection-save'));
    expect(await within(dialog).findByText('Name must have at least 2 characters')).toBeTruthy();

    await userEvent.type(field('connection-name'), 'cme');
    await pickQueue('Sales');
    await pickQueue('Support');
    await userEvent.click(within(dialog).getByTestId('connection-save'));
    // Two queues and no greeting: the messages tab comes forward with the greeting refused.
    await waitFor(() => expect(tab('Messages').getAttribute('aria-selected')).toBe('true'));
    const greeting = field('connection-greetingMessage');
    expect(greeting.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('A greeting message is required when there is more than one queue.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it("puts the server's ERR_WAPP_GREETING_REQUIRED under the greeting field", async () => {
    const { calls } = serve({
      save: () => ({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED', message: 'A connection with more than one queue needs a greeting message', details: [{ path: 'greetingMessage', message: 'validation.required' }] } }),
    });
    const { dialog, onSaved } = open();
    await userEvent.type(field('connection-name'), 'Sales line');
    await pickQueue('Sales');
    await userEvent.click(within(dialog).getByTestId('connection-save'));

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    await waitFor(() => expect(tab('Messages').getAttribute('aria-selected')).toBe('true'));
    expect(field('connection-greetingMessage').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('A greeting message is required when there is more than one queue.')).toBeTruthy();
    // What was typed stays.
    expect(field('connection-name').value).toBe('Sales line');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('adds a simulated connection with queues, messages and limits; its token is made once it is saved', async () => {
    const { calls } = serve({ save: (call) => ({ status: 201, body: { ...aConnection(9), ...(call.body as object) } }) });
    const { dialog, onSaved } = open();

    await userEvent.type(field('connection-name'), ' Demo ');
    await userEvent.click(field('connection-isDefault'));
    await userEvent.click(field('connection-channel-simulator'));
    await pickQueue('Support');
    expect(within(dialog).getByTestId('connection-token-later').textContent).toBe('Save the connection, then generate its API token here.');
    expect(within(dialog).queryByTestId('connection-token-generate')).toBeNull();

    await userEvent.click(tab('Messages'));
    await userEvent.type(field('connection-greetingMessage'), 'Hello!');
    await userEvent.type(field('connection-ratingMessage'), 'Rate us 1-3');

    await userEvent.click(tab('Bot and transfer'));
    // No prompts or integrations on the server: nothing to choose.
    expect(within(dialog).queryByTestId('connection-promptId')).toBeNull();
    expect(within(dialog).queryByTestId('connection-integrationId')).toBeNull();
    await userEvent.selectOptions(field('connection-transferQueueId'), '2');
    await userEvent.type(field('connection-timeToTransfer'), '15');
    await userEvent.clear(field('connection-maxUseBotQueues'));
    await userEvent.type(field('connection-maxUseBotQueues'), '5');
    await userEvent.click(within(dialog).getByTestId('connection-save'));

    expect(await screen.findByText('Connection saved.')).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/whatsapp',
        token: 'jwt',
        body: {
          name: 'Demo',
          isDefault: true,
          provider: 'beta',
          channel: 'simulator',
          queueIds: [2],
          greetingMessage: 'Hello!',
          complationMessage: '',
          outOfHoursMessage: '',
          ratingMessage: 'Rate us 1-3',
          expiresInactiveMessage: '',
          promptId: null,
          integrationId: null,
          transferQueueId: 2,
          timeToTransfer: 15,
          expiresTicket: 0,
          timeUseBotQueues: 0,
          maxUseBotQueues: 5,
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Demo', channel: 'simulator' }));
  });

  it('edits a connection read with its token, sending only what changed; the channel is not offered', async () => {
    const connection = aConnection(4, { name: 'Sales', greetingMessage: 'Hi', queueIds: [1], queues: [queues[0]!] });
    const { calls } = serve({ details: { ...connection, token: '••••cdef' }, save: (call) => ({ body: { ...connection, ...(call.body as object), token: '••••cdef' } }) });
    const { dialog, onSaved } = open(connection);

    await waitFor(() => expect(field('connection-token').value).toBe('••••cdef'));
    expect(field('connection-name').value).toBe('Sales');
    expect(within(dialog).queryByTestId('connection-channel-simulator')).toBeNull();
    // The connection's queue is chosen (a tag in the queue picker).
    expect(within(within(dialog).getByTestId('user-queues')).getByText('Sales')).toBeTruthy();

    await userEvent.click(tab('Messages'));
    await userEvent.clear(field('connection-greetingMessage'));
    await userEvent.type(field('connection-greetingMessage'), 'Welcome');
    await userEvent.click(within(dialog).getByTestId('connection-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves(calls).map(({ method, url, body }) => ({ method, url, body }))).toEqual([{ method: 'PUT', url: '/whatsapp/4', body: { greetingMessage: 'Welcome' } }]);
  });

  it('generates a new token on the server and shows it whole once, with a copy button; afterwards the dialog shows only its end', async () => {
    const connection = aConnection(4, { name: 'Sales', queueIds: [1], queues: [queues[0]!] });
    const made = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
    const { calls } = serve({ details: { ...connection, token: '' }, save: (call) => (call.url === '/whatsapp/4/token' ? { body: { token: made } } : { status: 500, body: {} }) });
    const { dialog } = open(connection);
    await waitFor(() => expect(field('connection-token').value).toBe('No token: the messages API refuses this connection'));
    expect(within(dialog).queryByTestId('connection-token-copy')).toBeNull();

    await userEvent.click(within(dialog).getByTestId('connection-token-generate'));
    await waitFor(() => expect(field('connection-token').value).toBe(made));
    expect(within(dialog).getByTestId('connection-token-once').textContent).toBe('Copy it now: it will not be shown again. The old token no longer works.');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(dialog).getByTestId('connection-token-copy'));
    expect(writeText).toHaveBeenCalledWith(made);
    expect(saves(calls).map(({ method, url }) => ({ method, url }))).toEqual([{ method: 'POST', url: '/whatsapp/4/token' }]);
  });

  it("offers the company's prompts when the server has some", async () => {
    serve({ prompts: { prompts: [{ id: 3, name: 'Sales assistant' }], count: 1, hasMore: false } });
    const { dialog } = open();
    await userEvent.click(tab('Bot and transfer'));
    await waitFor(() => expect(within(field('connection-promptId')).getByText('Sales assistant')).toBeTruthy());
    expect(within(dialog).queryByTestId('connection-integrationId')).toBeNull();
  });
});
