import type { CompanySchedule } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { toastError, toastSuccess } from '../../ui/toaster';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { SchedulesTab } from './SchedulesTab';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastSuccess: vi.fn(), toastError: vi.fn() }));

const input = (day: string, field: 'startTime' | 'endTime') => screen.getByTestId<HTMLInputElement>(`schedule-${day}-${field}`);

async function retype(day: string, field: 'startTime' | 'endTime', text: string) {
  await userEvent.clear(input(day, field));
  if (text) await userEvent.type(input(day, field), text);
}

// Typing a week of times takes seconds on a busy machine.
describe('opening hours tab', { timeout: 20_000 }, () => {
  let refuse: boolean;

  beforeEach(() => {
    FakeWebSocket.install();
    refuse = false;
    vi.mocked(toastSuccess).mockClear();
    vi.mocked(toastError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    const stored: CompanySchedule[] = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }];
    return fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/companies/7') return { body: { id: 7, name: 'Acme', schedules: stored } };
      if (call.method === 'PUT' && call.url === '/companies/7/schedules') {
        if (refuse) return { status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'schedules[1].startTime', rule: 'time', message: 'refused by the server' }] } };
        return { body: (call.body as { schedules: CompanySchedule[] }).schedules };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  it("shows the company's hours for every weekday, Monday first", async () => {
    serve();
    renderSignedIn(<SchedulesTab />, { user: admin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(input('monday', 'startTime').value).toBe('08:00'));
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(input('monday', 'endTime').value).toBe('18:00');
    expect(input('sunday', 'startTime').value).toBe('');
  });

  it('refuses times that are not HH:MM or end before they start, and sends nothing', async () => {
    const { calls } = serve();
    renderSignedIn(<SchedulesTab />, { user: admin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(input('monday', 'startTime').value).toBe('08:00'));
    await retype('tuesday', 'startTime', '25:00');
    await retype('wednesday', 'startTime', '10:00');
    await retype('wednesday', 'endTime', '09:30');
    await userEvent.click(screen.getByTestId('schedules-save'));

    expect(await screen.findByText('must be a time HH:MM')).toBeTruthy();
    expect(screen.getByText('must be after the start')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('sends the whole week and says so', async () => {
    const { calls } = serve();
    renderSignedIn(<SchedulesTab />, { user: admin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(input('monday', 'startTime').value).toBe('08:00'));
    await retype('monday', 'startTime', '09:00');
    await retype('saturday', 'startTime', '08:00');
    await retype('saturday', 'endTime', '12:00');
    await userEvent.click(screen.getByTestId('schedules-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Opening hours updated.'));
    const sent = calls.find((c) => c.method === 'PUT')?.body as { schedules: CompanySchedule[] };
    expect(sent.schedules).toHaveLength(7);
    expect(sent.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' });
    expect(sent.schedules[5]).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' });
    expect(sent.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' });
  });

  it("shows the server's refusal on the field and keeps what was typed", async () => {
    serve();
    refuse = true;
    renderSignedIn(<SchedulesTab />, { user: admin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(input('monday', 'startTime').value).toBe('08:00'));
    await retype('tuesday', 'startTime', '07:15');
    await userEvent.click(screen.getByTestId('schedules-save'));

    expect(await screen.findByText('refused by the server')).toBeTruthy();
    expect(toastError).toHaveBeenCalled();
    expect(input('tuesday', 'startTime').value).toBe('07:15');
  });
});
