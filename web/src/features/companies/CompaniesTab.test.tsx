import type { Company, Plan } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { formatDate } from '../../ui/dates';
import { toastError, toastSuccess } from '../../ui/toaster';
import { superAdmin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CompaniesTab } from './CompaniesTab';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastSuccess: vi.fn(), toastError: vi.fn() }));

const DAY = 86_400_000;
// An hour inside the day, away from zero: whole days are counted towards zero.
const inDays = (days: number) => new Date(Date.now() + days * DAY + Math.sign(days) * 3_600_000).toISOString();

const plans = [
  { id: 1, name: 'Basic', value: 49.9 },
  { id: 2, name: 'Pro', value: 99.9 },
] as Plan[];

function company(id: number, change: Partial<Company> = {}): Company {
  return {
    id,
    name: `Company ${id}`,
    email: `c${id}@example.com`,
    phone: '',
    planId: 1,
    plan: { id: 1, name: 'Basic' },
    status: true,
    dueDate: inDays(30),
    recurrence: 'MENSAL',
    settings: [],
    schedules: [],
    createdAt: '2026-01-02T12:00:00.000Z',
    updatedAt: '2026-01-02T12:00:00.000Z',
    ...change,
  };
}

const rows = () => screen.getAllByTestId('company-row');
const rowOf = (name: string) => rows().find((r) => within(r).queryByText(name))!;
/** A button of the open confirmation (the rows have buttons of the same name). */
const confirmButton = (name: string) => within(screen.getByRole('alertdialog')).getByRole('button', { name });
const field = (name: string) => screen.getByTestId<HTMLInputElement>(`company-${name}`);

// Typing a whole form takes seconds on a busy machine.
describe('companies tab', { timeout: 20_000 }, () => {
  let list: Company[];
  let answer: ((call: FakeCall) => { status?: number; body?: unknown } | undefined) | undefined;

  beforeEach(() => {
    FakeWebSocket.install();
    list = [company(1, { name: 'Acme', dueDate: inDays(5) }), company(2, { name: 'Beta', dueDate: inDays(-4), recurrence: 'ANUAL' }), company(3, { name: 'Gamma', dueDate: null, status: false })];
    answer = undefined;
    vi.mocked(toastSuccess).mockClear();
    vi.mocked(toastError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const special = answer?.(call);
      if (special) return special;
      if (call.method === 'GET' && call.url === '/companies/list') return { body: list };
      if (call.method === 'GET' && call.url === '/plans/all') return { body: plans };
      if (call.method === 'POST' && call.url === '/companies') return { status: 201, body: company(9, { ...(call.body as Partial<Company>), plan: { id: 2, name: 'Pro' } }) };
      const match = /^\/companies\/(\d+)(\/renew)?$/.exec(call.url);
      const found = list.find((c) => c.id === Number(match?.[1]));
      if (match && found && call.method === 'PUT') return { body: { ...found, ...(call.body as Partial<Company>) } };
      if (match && found && call.method === 'POST' && match[2]) return { body: { ...found, dueDate: '2027-05-20T12:00:00.000Z' } };
      if (match && found && call.method === 'DELETE') return { body: { message: 'Company deleted' } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  async function open() {
    const fetch = serve();
    renderSignedIn(<CompaniesTab />, { user: superAdmin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    return fetch;
  }

  it('lists the companies with plan, status, due date dd/MM/yyyy and recurrence, rows coloured by due date', async () => {
    await open();
    const acme = rowOf('Acme');
    expect(within(acme).getByText('Basic')).toBeTruthy();
    expect(within(acme).getByText(formatDate(list[0]!.dueDate!))).toBeTruthy();
    expect(within(acme).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Beta')).getByText('Yearly')).toBeTruthy();
    expect(within(rowOf('Gamma')).getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('Gamma')).getByText('None')).toBeTruthy();
    expect(rows().map((r) => r.dataset.dueTone)).toEqual(['soon', 'late', undefined]);
    expect(acme.className).toBe('due-soon');
  });

  it('filters by name or e-mail', async () => {
    await open();
    await userEvent.type(screen.getByTestId('companies-search'), 'c2@');
    expect(rows().map((r) => r.dataset.companyId)).toEqual(['2']);
    await userEvent.clear(screen.getByTestId('companies-search'));
    await userEvent.type(screen.getByTestId('companies-search'), 'zzz');
    expect(screen.getByText('No company matches this search')).toBeTruthy();
  });

  it('adds a company with its first admin, after the schema is satisfied', async () => {
    const { calls } = await open();
    await userEvent.click(screen.getByTestId('companies-add'));
    expect(field('planId').value).toBe('1');
    await userEvent.click(screen.getByTestId('company-save'));
    // An empty required field says "is required" before its other rules.
    expect(await screen.findAllByText('is required')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(field('name'), 'Delta');
    await userEvent.type(field('email'), 'not-an-email');
    await userEvent.type(field('password'), '123');
    await userEvent.click(screen.getByTestId('company-save'));
    expect(await screen.findByText('must be a valid email address')).toBeTruthy();
    expect(screen.getByText('must have at least 8 characters, with an upper-case letter, a lower-case letter and a digit')).toBeTruthy();

    await userEvent.clear(field('email'));
    await userEvent.type(field('email'), 'boss@delta.test');
    await userEvent.type(field('password'), 'De-45678');
    await userEvent.selectOptions(field('planId'), '2');
    await userEvent.selectOptions(field('recurrence'), 'TRIMESTRAL');
    await userEvent.type(field('addressCity'), 'Recife');
    await userEvent.type(field('dueDate'), '10/03/2027');
    await userEvent.click(screen.getByTestId('company-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Company saved.'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      expect.objectContaining({ name: 'Delta', email: 'boss@delta.test', planId: 2, recurrence: 'TRIMESTRAL', status: true, dueDate: new Date(2027, 2, 10).toISOString(), password: '123De-45678', addressCity: 'Recife' }),
    ]);
    expect(screen.queryByTestId('company-dialog')).toBeNull();
    expect(rows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Acme', 'Beta', 'Delta', 'Gamma']);
  });

  it('keeps what was typed when the server refuses', async () => {
    const { calls } = await open();
    answer = (call) => (call.method === 'POST' ? { status: 409, body: { error: 'ERR_USER_EMAIL_ALREADY_EXISTS' } } : undefined);
    await userEvent.click(screen.getByTestId('companies-add'));
    await userEvent.type(field('name'), 'Delta');
    await userEvent.type(field('email'), 'taken@delta.test');
    await userEvent.click(screen.getByTestId('company-save'));

    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(field('name').value).toBe('Delta');
    expect(field('email').value).toBe('taken@delta.test');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('edits a company without a password field, an invalid due date sent as null after a warning', async () => {
    const { calls } = await open();
    await userEvent.click(within(rowOf('Acme')).getByTestId('company-edit'));
    expect(field('name').value).toBe('Acme');
    expect(field('dueDate').value).toBe(formatDate(list[0]!.dueDate!));
    expect(screen.queryByTestId('company-password')).toBeNull();
    await userEvent.clear(field('dueDate'));
    await userEvent.type(field('dueDate'), '31/02/2027');
    expect(screen.getByText('Not a valid date: the company will be saved without a due date.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('company-status'));
    await userEvent.click(screen.getByTestId('company-save'));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/companies/1');
    expect(put.body).toMatchObject({ name: 'Acme', dueDate: null, status: false, planId: 1 });
    expect(put.body).not.toHaveProperty('password');
    await waitFor(() => expect(within(rowOf('Acme')).getByText('Inactive')).toBeTruthy());
  });

  it('Expire moves the due date by the recurrence, after confirmation', async () => {
    const { calls } = await open();
    await userEvent.click(within(rowOf('Beta')).getByTestId('company-renew'));
    expect(screen.getByTestId('company-confirm').textContent).toBe('Move the due date of Beta forward by one period (Yearly)?');
    await userEvent.click(confirmButton('Expire'));

    await waitFor(() => expect(within(rowOf('Beta')).getByText(formatDate('2027-05-20T12:00:00.000Z'))).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/companies/2/renew']);
    expect(rowOf('Beta').dataset.dueTone).toBeUndefined();
  });

  it('deletes after confirmation; a refusal leaves the row and shows the error', async () => {
    const { calls } = await open();
    await userEvent.click(within(rowOf('Gamma')).getByTestId('company-delete'));
    await userEvent.click(confirmButton('Cancel'));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    answer = (call) => (call.method === 'DELETE' && call.url === '/companies/2' ? { status: 400, body: { error: 'ERR_VALIDATION' } } : undefined);
    await userEvent.click(within(rowOf('Beta')).getByTestId('company-delete'));
    await userEvent.click(confirmButton('Delete'));
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(rows()).toHaveLength(3);

    await userEvent.click(within(rowOf('Gamma')).getByTestId('company-delete'));
    expect(screen.getByTestId('company-confirm').textContent).toContain('Gamma');
    await userEvent.click(confirmButton('Delete'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/companies/2', '/companies/3']);
    expect(toastSuccess).toHaveBeenCalledWith('Company deleted.');
  });

  it("does not offer to delete the super user's own company", async () => {
    list = [company(7, { name: 'Platform' }), company(1, { name: 'Acme' })];
    serve();
    renderSignedIn(<CompaniesTab />, { user: superAdmin, path: '/settings', route: '/settings' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rowOf('Platform')).getByTestId<HTMLButtonElement>('company-delete').disabled).toBe(true);
    expect(within(rowOf('Acme')).getByTestId<HTMLButtonElement>('company-delete').disabled).toBe(false);
  });

  it('shows a list error and tries again', async () => {
    let fail = true;
    fakeFetch((call) => (fail ? { status: 500, body: { error: 'ERR_INTERNAL_SERVER_ERROR' } } : call.url === '/plans/all' ? { body: plans } : { body: list }));
    renderSignedIn(<CompaniesTab />, { user: superAdmin, path: '/settings', route: '/settings' });
    expect(await screen.findByText('The companies could not be loaded.')).toBeTruthy();
    expect(toastError).toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByTestId('companies-retry'));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});
