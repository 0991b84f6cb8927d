import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { fakeServerEachTest, feedEntry } from '../../test/fakeServer';
import { renderSignedIn } from '../../test/renderSignedIn';
import type { Connection } from './connectionsApi';
import { ConnectionsPage } from './ConnectionsPage';
import { admin, me, aConnection } from '../../test/fixtures';

const rows = () => screen.queryAllByTestId('connection-row');
const names = () => rows().map((row) => row.querySelector('strong')?.textContent);
const row = (id: number) => rows().find((r) => r.dataset.connectionId === String(id))!;
const sessionButtons = (id: number) => within(within(row(id)).getByTestId('connection-session')).queryAllByRole('button');
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

/** Serves GET /whatsapp from `list` (read at each call); the session and delete calls answer as the server does. */
function serve(list: () => Connection[], other: (call: FakeCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return fakeFetch((call) => {
    const answer = other(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === '/whatsapp?session=0') return { body: list() };
    if (call.url.startsWith('/whatsappsession/')) return { body: { message: 'Starting session.' } };
    if (call.method === 'DELETE' && call.url.startsWith('/whatsapp/')) return { body: { message: 'Whatsapp deleted.' } };
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const session = (connection: Connection) => feedEntry('whatsappSession', { action: 'update', session: connection });
const whatsappFeed = (payload: object) => feedEntry('whatsapp', payload);

/** A closing dialog fades out for Blueprint's transition: only after it is an open one known to stay. */
async function expectStillOpen() {
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(screen.queryByRole('dialog')).not.toBeNull();
}

function renderPage(user = admin) {
  return renderSignedIn(<ConnectionsPage />, { user, path: '/connections', route: '/connections' });
}

describe('connections page', { timeout: 20_000 }, () => {
  fakeServerEachTest();

  it('lists each connection with its status, the buttons its status allows, last update and default flag', async () => {
    const at = new Date(2026, 2, 4, 9, 5).toISOString();
    serve(() => [
      aConnection(1, { name: 'Sales', status: 'CONNECTED', isDefault: true, updatedAt: at }),
      aConnection(2, { name: 'Demo', status: 'DISCONNECTED', channel: 'simulator', statusReason: 'The QR code was not scanned in time' }),
      aConnection(3, { status: 'qrcode', qrcode: 'QR-3' }),
      aConnection(4, { status: 'OPENING' }),
      aConnection(5, { status: 'PAIRING' }),
      aConnection(6, { status: 'TIMEOUT', degraded: true }),
    ]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(screen.getByTestId('connections-count').textContent).toBe('6 connections');

    const labels = (id: number) => sessionButtons(id).map((b) => b.textContent);
    expect(labels(1)).toEqual(['Disconnect']);
    expect(labels(2)).toEqual(['Try again', 'New QR code']);
    expect(labels(3)).toEqual(['QR code']);
    expect(labels(4)).toEqual(['Connecting']);
    expect((sessionButtons(4)[0] as HTMLButtonElement).disabled).toBe(true);
    expect(within(row(4)).getByTestId('connection-session').querySelector('.bp6-spinner')).not.toBeNull();
    expect(labels(5)).toEqual(['Disconnect']);
    expect(labels(6)).toEqual(['Disconnect']);

    expect(within(row(1)).getByText('Connected')).toBeTruthy();
    expect(within(row(2)).getByText('Disconnected')).toBeTruthy();
    expect(within(row(6)).getByText('Timed out')).toBeTruthy();
    // Why it stopped, under the status; sends that all fail, whatever the status says.
    expect(within(row(2)).getByTestId('connection-status-reason').textContent).toBe('The QR code was not scanned in time');
    expect(within(row(1)).queryByTestId('connection-status-reason')).toBeNull();
    expect(within(row(6)).getByTestId('connection-degraded').textContent).toBe('Not delivering');
    expect(within(row(1)).queryByTestId('connection-degraded')).toBeNull();
    // The simulator is told apart from a real number.
    expect(within(row(2)).getByTestId('connection-simulator').textContent).toBe('Simulator');
    expect(within(row(1)).queryByTestId('connection-simulator')).toBeNull();

    expect(within(row(1)).getByTestId('connection-updated').textContent).toBe('04/03/26 09:05');
    expect(within(row(1)).getByLabelText('Default connection')).toBeTruthy();
    expect(within(row(2)).queryByLabelText('Default connection')).toBeNull();
  });

  it('sends the session buttons to /whatsappsession: try again, new QR code, and disconnect after asking', async () => {
    const { calls } = serve(() => [aConnection(1, { name: 'Sales', status: 'CONNECTED' }), aConnection(2, { status: 'DISCONNECTED' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(within(row(2)).getByText('Try again'));
    await waitFor(() => expect(writes(calls)).toEqual(['POST /whatsappsession/2']));

    await userEvent.click(within(row(1)).getByText('Disconnect'));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Disconnect Sales\?/)).toBeTruthy();
    await userEvent.click(within(confirm).getByTestId('connection-disconnect-confirm-confirm'));
    await waitFor(() => expect(writes(calls)).toEqual(['POST /whatsappsession/2', 'DELETE /whatsappsession/1']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // A new QR code opens the QR dialog, which waits for the code with a spinner as the session opens.
    await userEvent.click(within(row(2)).getByText('New QR code'));
    await waitFor(() => expect(writes(calls)).toContain('PUT /whatsappsession/2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('connection-qr-waiting')).toBeTruthy();
    session(aConnection(2, { status: 'OPENING' }));
    expect(within(dialog).getByTestId('connection-qr-waiting').textContent).toContain('Connecting');
    await expectStillOpen();
    session(aConnection(2, { status: 'qrcode', qrcode: 'atendo-sim:2:abc' }));
    expect(await within(dialog).findByTestId('connection-qr-image')).toBeTruthy();
  });

  it('draws the QR code 256 px wide, waits while pairing, and closes when a live update clears the code', async () => {
    serve(() => [aConnection(3, { name: 'Support', status: 'qrcode', qrcode: 'atendo-sim:3:first' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await userEvent.click(within(row(3)).getByText('QR code'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('QR code of Support')).toBeTruthy();
    const image = (await within(dialog).findByTestId('connection-qr-image')) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/png;base64,/);
    expect(image.width).toBe(256);
    const first = image.src;

    // A new code replaces the drawing.
    session(aConnection(3, { status: 'qrcode', qrcode: 'atendo-sim:3:second' }));
    await waitFor(() => expect((within(dialog).getByTestId('connection-qr-image') as HTMLImageElement).src).not.toBe(first));

    // Scanned: the phone pairs (no code, a spinner), then the session connects and the dialog goes.
    session(aConnection(3, { status: 'PAIRING', qrcode: '' }));
    expect(within(dialog).getByTestId('connection-qr-waiting').textContent).toContain('Pairing');
    await expectStillOpen();
    session(aConnection(3, { status: 'CONNECTED', qrcode: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionButtons(3).map((b) => b.textContent)).toEqual(['Disconnect']);
  });

  it("keeps the QR dialog open when another connection's code is cleared", async () => {
    serve(() => [aConnection(3, { status: 'qrcode', qrcode: 'QR-3' }), aConnection(4, { status: 'qrcode', qrcode: 'QR-4' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(row(3)).getByText('QR code'));
    await screen.findByTestId('connection-qr-image');

    session(aConnection(4, { status: 'CONNECTED', qrcode: '' }));
    await expectStillOpen();
    session(aConnection(3, { status: 'DISCONNECTED', qrcode: '', statusReason: 'The QR code was not scanned in time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row(3)).getByTestId('connection-status-reason').textContent).toBe('The QR code was not scanned in time');
  });

  it('follows the whatsapp feed: an update replaces its row or comes first, a delete removes it', async () => {
    serve(() => [aConnection(1, { name: 'Sales' }), aConnection(2, { name: 'Support' })]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Sales', 'Support']));

    whatsappFeed({ action: 'update', whatsapp: aConnection(2, { name: 'Support 24h', degraded: true }) });
    expect(names()).toEqual(['Sales', 'Support 24h']);
    expect(within(row(2)).getByTestId('connection-degraded')).toBeTruthy();
    whatsappFeed({ action: 'update', whatsapp: aConnection(7, { name: 'New line' }) });
    expect(names()).toEqual(['New line', 'Sales', 'Support 24h']);
    whatsappFeed({ action: 'delete', whatsappId: 1 });
    expect(names()).toEqual(['New line', 'Support 24h']);
  });

  it('asks before deleting, then deletes and says so', async () => {
    const { calls } = serve(() => [aConnection(1, { name: 'Sales' }), aConnection(2, { name: 'Support' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(within(row(2)).getByTestId('connection-delete'));
    let alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(/Delete Support\?/)).toBeTruthy();
    await userEvent.click(within(alert).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(row(2)).getByTestId('connection-delete'));
    alert = await screen.findByRole('alertdialog');
    await userEvent.click(within(alert).getByTestId('connection-delete-confirm-confirm'));
    expect(await screen.findByText('Connection deleted.')).toBeTruthy();
    expect(writes(calls)).toEqual(['DELETE /whatsapp/2']);
    expect(names()).toEqual(['Sales']);
  });

  it("shows the server's refusal to delete the default connection and keeps the row", async () => {
    serve(
      () => [aConnection(1, { name: 'Sales', isDefault: true }), aConnection(2)],
      (call) => (call.method === 'DELETE' ? { status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } } : undefined),
    );
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(row(1)).getByTestId('connection-delete'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByTestId('connection-delete-confirm-confirm'));
    expect(await screen.findByText('There must be at least one default WhatsApp connection.')).toBeTruthy();
    expect(names()).toEqual(['Sales', 'Line 2']);
  });

  it('shows a non-admin that the page is for administrators, and asks nothing', async () => {
    const { calls } = fakeFetch(() => ({ body: [] }));
    renderPage(me);
    expect(screen.getByText('Only administrators manage connections.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
