import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { schedule } from './fixtures';
import { SchedulesPage } from './SchedulesPage';

describe('schedules page', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    // The calendar's click-or-drag tells what is under the pointer; jsdom lays nothing out.
    document.elementFromPoint = () => null;
  });
  afterEach(() => vi.unstubAllGlobals());

  const serve = () =>
    fakeFetch((call) => {
      if (call.method === 'GET' && call.url.startsWith('/schedules?')) {
        return { body: { schedules: [schedule(1), schedule(2, { status: 'ERRO', error: 'No connection', contact: { id: 8, name: 'Bruno Lima', number: '5511' } })], hasMore: false } };
      }
      if (call.method === 'GET' && call.url.startsWith('/whatsapp')) return { body: [] };
      if (call.method === 'GET' && call.url === '/contacts/7') return { body: { id: 7, name: 'Carla Dias', number: '5511977770007', email: '', profilePicUrl: '', isGroup: false, extraInfo: [] } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });

  it('shows each schedule at its time titled by its contact, with its status', async () => {
    const { calls } = serve();
    renderSignedIn(<SchedulesPage />, { path: '/schedules', route: '/schedules', user: me });
    const events = await screen.findAllByTestId('schedule-event');
    expect(events.map((e) => e.textContent)).toEqual(expect.arrayContaining(['Ana Souza', 'Bruno Lima · Send error']));
    const range = calls.find((c) => c.url.startsWith('/schedules?'))!;
    expect(range.url).toMatch(/startDate=.*&endDate=/);
  });

  it('`?contactId=` opens the add dialog for that contact', async () => {
    serve();
    renderSignedIn(<SchedulesPage />, { path: '/schedules?contactId=7', route: '/schedules', user: me });
    await waitFor(() => expect((screen.getByTestId('schedule-contact') as HTMLInputElement).value).toBe('Carla Dias'));
    expect(screen.getByText('Schedule a message')).toBeTruthy();
  });

  it('a realtime entry adds the schedule to the calendar', async () => {
    serve();
    renderSignedIn(<SchedulesPage />, { path: '/schedules', route: '/schedules', user: me });
    await screen.findAllByTestId('schedule-event');
    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${me.companyId}-schedule`, payload: { action: 'create', schedule: schedule(5, { contact: { id: 9, name: 'Dora Reis', number: '1' } }) } } as never);
    expect(await screen.findByText('Dora Reis')).toBeTruthy();
    await userEvent.click(screen.getByText('Dora Reis'));
    expect(await screen.findByText('Scheduled message')).toBeTruthy();
  });
});
