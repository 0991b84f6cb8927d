import type { Plan } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { toastError, toastSuccess } from '../../ui/toaster';
import { formatMoney } from './planForm';
import { superAdmin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { PlansTab } from './PlansTab';
import { consolePlanFlagNames, consolePlanFlags } from '../../app/planFlags';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastSuccess: vi.fn(), toastError: vi.fn() }));

const flags = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };

function plan(id: number, change: Partial<Plan> = {}): Plan {
  return { id, name: `Plan ${id}`, users: 5, connections: 2, queues: 3, value: 49.9, storageMb: 1024, ...flags, createdAt: '', updatedAt: '', ...change };
}

const rows = () => screen.getAllByTestId('plan-row');
const rowOf = (name: string) => rows().find((r) => within(r).queryByText(name))!;
const field = (name: string) => screen.getByTestId<HTMLInputElement>(`plan-${name}`);
const confirmButton = (name: string) => within(screen.getByRole('alertdialog')).getByRole('button', { name });

// Typing a whole form takes seconds on a busy machine.
describe('plans tab', { timeout: 20_000 }, () => {
  let list: Plan[];
  let answer: ((call: FakeCall) => { status?: number; body?: unknown } | undefined) | undefined;

  beforeEach(() => {
    FakeWebSocket.install();
    list = [plan(1, { name: 'Basic', useKanban: false, useOpenAi: false }), plan(2, { name: 'Pro', users: 20, value: 1234.5 })];
    answer = undefined;
    vi.mocked(toastSuccess).mockClear();
    vi.mocked(toastError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function open() {
    const fetch = fakeFetch((call) => {
      const special = answer?.(call);
      if (special) return special;
      if (call.method === 'GET' && call.url === '/plans/all') return { body: list };
      if (call.method === 'POST' && call.url === '/plans') return { status: 201, body: plan(9, call.body as Partial<Plan>) };
      const found = list.find((p) => `/plans/${p.id}` === call.url);
      if (found && call.method === 'PUT') return { body: { ...found, ...(call.body as Partial<Plan>) } };
      if (found && call.method === 'DELETE') return { body: { message: 'Plan deleted' } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    renderSignedIn(<PlansTab />, { user: superAdmin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    return fetch;
  }

  it('lists the plans with their limits, value in BRL with 2 decimals and features', async () => {
    await open();
    const cells = (name: string) => within(rowOf(name)).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells('Basic').slice(0, 5)).toEqual(['Basic', '5', '2', '3', 'R$49.90']);
    expect(cells('Pro').slice(0, 5)).toEqual(['Pro', '20', '2', '3', 'R$1,234.50']);
    expect(formatMoney(1234.5, 'pt').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(within(rowOf('Basic')).queryByText('Kanban')).toBeNull();
    expect(within(rowOf('Pro')).getByText('Kanban')).toBeTruthy();
  });

  it('adds a plan, every feature on by default, after the schema is satisfied', async () => {
    const { calls } = await open();
    await userEvent.click(screen.getByTestId('plans-add'));
    // One switch per plan flag the console's features bring, labelled as its declaration says (decision 0051).
    const switches = [...screen.getByTestId('plan-dialog').querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(switches.map((s) => s.name)).toEqual(consolePlanFlagNames());
    expect(consolePlanFlagNames()).toEqual(expect.arrayContaining(Object.keys(flags)));
    for (const flag of consolePlanFlagNames()) expect(screen.getByLabelText(consolePlanFlags()[flag].texts.en)).toBe(field(flag));
    expect(field('useKanban').checked).toBe(true);
    expect(field('storageMb').value).toBe('1024');
    await userEvent.click(screen.getByTestId('plan-save'));
    // Every empty field says "is required" first (the value's cents rule too would refuse it).
    expect(await screen.findAllByText('is required')).toHaveLength(5);
    expect(['name', 'users', 'connections', 'queues', 'value'].map((name) => field(name).getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true', 'true', 'true']);

    await userEvent.type(field('name'), 'Gold');
    await userEvent.type(field('users'), '1.5');
    await userEvent.type(field('connections'), '3');
    await userEvent.type(field('queues'), '4');
    await userEvent.type(field('value'), '79,999');
    await userEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('must be a whole number')).toBeTruthy();
    expect(screen.getByText('is invalid')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(field('users'));
    await userEvent.type(field('users'), '10');
    await userEvent.clear(field('value'));
    await userEvent.type(field('value'), '59,90');
    await userEvent.click(field('useOpenAi'));
    await userEvent.clear(field('storageMb'));
    await userEvent.type(field('storageMb'), '2048');
    await userEvent.click(screen.getByTestId('plan-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Plan saved.'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Gold', users: 10, connections: 3, queues: 4, value: 59.9, storageMb: 2048, ...flags, useOpenAi: false }]);
    expect(rows().map((r) => r.dataset.planId)).toEqual(['1', '9', '2']);
  });

  it('edits a plan and keeps what was typed when the server refuses', async () => {
    const { calls } = await open();
    answer = (call) => (call.method === 'PUT' && calls.filter((c) => c.method === 'PUT').length === 1 ? { status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'name', rule: 'invalid', message: 'name refused' }] } } : undefined);
    await userEvent.click(within(rowOf('Basic')).getByTestId('plan-edit'));
    expect(field('value').value).toBe('49.90');
    await userEvent.clear(field('name'));
    await userEvent.type(field('name'), 'Starter');
    await userEvent.click(field('useKanban'));
    await userEvent.click(screen.getByTestId('plan-save'));

    expect(await screen.findByText('name refused')).toBeTruthy();
    expect(vi.mocked(toastError).mock.calls[0]?.[0]).toEqual(expect.objectContaining({ code: 'ERR_VALIDATION' }));
    expect(field('name').value).toBe('Starter');

    await userEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(within(rowOf('Starter')).getByText('Kanban')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, (c.body as Plan).name, (c.body as Plan).useKanban])).toEqual([
      ['/plans/1', 'Starter', true],
      ['/plans/1', 'Starter', true],
    ]);
  });

  it('deletes after confirmation; a plan in use stays, with the error shown', async () => {
    const { calls } = await open();
    answer = (call) => (call.method === 'DELETE' && call.url === '/plans/1' ? { status: 409, body: { error: 'ERR_PLAN_IN_USE' } } : undefined);
    await userEvent.click(within(rowOf('Basic')).getByTestId('plan-delete'));
    expect(screen.getByTestId('plan-confirm').textContent).toBe('Delete the plan Basic?');
    await userEvent.click(confirmButton('Delete'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_PLAN_IN_USE' })));
    expect(rows()).toHaveLength(2);

    await userEvent.click(within(rowOf('Pro')).getByTestId('plan-delete'));
    await userEvent.click(confirmButton('Delete'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/plans/1', '/plans/2']);
    expect(toastSuccess).toHaveBeenCalledWith('Plan deleted.');
  });
});
