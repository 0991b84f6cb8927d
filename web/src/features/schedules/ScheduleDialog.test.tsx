import type { Schedule } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { schedule } from './fixtures';
import { ScheduleDialog } from './ScheduleDialog';

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

describe('schedule dialog', () => {
  let onSaved: ReturnType<typeof vi.fn<(s: Schedule) => void>>;
  let onClose: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    FakeWebSocket.install();
    onSaved = vi.fn();
    onClose = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const body = call.body as Partial<Schedule>;
      if (call.method === 'POST' && call.url === '/schedules') return { status: 201, body: schedule(9, body) };
      if (call.method === 'POST' && call.url === '/schedules/9/media-upload') return { body: schedule(9, { mediaPath: '/public/1/a.png', mediaName: 'a.png' }) };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }
  const render = (editing?: Schedule, preset?: Parameters<typeof ScheduleDialog>[0]['preset']) =>
    renderSignedIn(
      <ScheduleDialog editing={editing} preset={preset} connections={[{ id: 4, name: 'Vendas' } as never]} onSaved={onSaved} onDelete={() => undefined} onClose={onClose} />,
      { path: '/schedules', route: '/schedules', user: me },
    );

  it('a contact given: the message must have 5 characters; then it is sent with the time and connection chosen', async () => {
    const { calls } = serve();
    render(undefined, { contact: { id: 7, name: 'Ana Souza', number: '5511900000007' } });
    expect((screen.getByTestId('schedule-contact') as HTMLInputElement).value).toBe('Ana Souza');
    // Spec §5: a new schedule is an hour ahead.
    const at = new Date((screen.getByTestId('schedule-send-at') as HTMLInputElement).value).getTime();
    expect(Math.abs(at - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    await userEvent.type(screen.getByTestId('schedule-body'), 'Oi');
    await userEvent.click(screen.getByTestId('schedule-submit'));
    expect(await screen.findByText(/at least 5/i)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await userEvent.type(screen.getByTestId('schedule-body'), ' ');
    await userEvent.click(screen.getByText('{{firstName}}'));
    expect(screen.getByTestId('schedule-preview').textContent).toBe('Oi Ana');
    await userEvent.selectOptions(screen.getByTestId('schedule-connection'), '4');
    await userEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/schedules', body: { body: 'Oi {{firstName}}', contactId: 7, sendAt: new Date(at).toISOString(), whatsappId: 4, ticketId: null } }]);
  });

  it('refuses a time past and a file that is not a png or jpeg, sending nothing', async () => {
    const { calls } = serve();
    render(undefined, { contact: { id: 7, name: 'Ana Souza', number: '5511900000007' } });
    await userEvent.type(screen.getByTestId('schedule-body'), 'Lembrete importante');
    const input = screen.getByTestId('schedule-send-at') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '2020-01-01T10:00');
    await userEvent.click(screen.getByTestId('schedule-submit'));
    expect(await screen.findByText("The schedule's date must be in the future.")).toBeTruthy();
    await userEvent.upload(screen.getByTestId('schedule-file'), new File(['%PDF'], 'price.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByText('Only .png, .jpg and .jpeg images are taken.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('once sent: says when, and offers no save', () => {
    serve();
    render(schedule(3, { status: 'ENVIADA', sentAt: new Date().toISOString() }));
    expect(screen.getByTestId('schedule-status').textContent).toMatch(/^Sent on /);
    expect(screen.queryByTestId('schedule-submit')).toBeNull();
    expect((screen.getByTestId('schedule-body') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByTestId('schedule-delete')).toBeTruthy();
  });

  it('a send error shows its reason, and can be saved again', () => {
    serve();
    render(schedule(3, { status: 'ERRO', error: 'The contact was deleted' }));
    expect(screen.getByTestId('schedule-status').textContent).toBe('Not sent: The contact was deleted');
    expect(screen.getByTestId('schedule-submit')).toBeTruthy();
  });
});
