import type { CompanySchedule, Queue, SessionUser } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { toastError, toastSuccess } from '../../ui/toaster';
import { ApiError } from '../../api/ApiError';
import { aQueue } from './fixtures';
import { QueueDialog } from './QueueDialog';

// Toasts outlive a test: the notices are checked as calls.
vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastSuccess: vi.fn(), toastError: vi.fn() }));

type Answer = { status?: number; body?: unknown };

/** An admin of a company whose out-of-hours replies follow each queue's hours. */
const queueHoursAdmin: SessionUser = { ...admin, company: { ...admin.company, settings: [{ key: 'scheduleType', value: 'queue' }] } };

/** The company's plan flags, prompts and integrations (GET /prompt and GET /queueIntegration answer pages). */
interface Automation {
  plan: { useOpenAi: boolean; useIntegrations: boolean };
  prompts?: { id: number; name: string }[];
  integrations?: { id: number; name: string }[];
}

/**
 * Answers GET /queue/{id} with `queue` and the POST and PUT with `save`; with `automation`, the company's plan, prompts
 * and integrations (without it the plan cannot be read, as an older server's).
 */
function serve({ save, queue, automation }: { save?: (call: FakeCall) => Answer; queue?: Queue; automation?: Automation } = {}) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && queue && call.url === `/queue/${queue.id}`) return { body: queue };
    if (automation && call.method === 'GET') {
      const { plan, prompts = [], integrations = [] } = automation;
      if (call.url === `/companies/listPlan/${admin.companyId}`) return { body: { plan: { id: 1, name: 'Pro', ...plan } } };
      if (call.url === '/prompt') return { body: { prompts, count: prompts.length, hasMore: false } };
      if (call.url === '/queueIntegration') return { body: { queueIntegrations: integrations, count: integrations.length, hasMore: false } };
    }
    if (call.method === 'GET' && call.url.startsWith('/queue-options?')) return { body: [] };
    if (save && (call.method === 'POST' || call.method === 'PUT')) return save(call);
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

function open({ queue, user = admin }: { queue?: Queue; user?: SessionUser } = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderSignedIn(<QueueDialog isOpen queue={queue} onClose={onClose} onSaved={onSaved} />, { user, path: '/queues', route: '/queues' });
  return { onSaved, onClose, dialog: screen.getByRole('dialog') };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const saves = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
const tab = (name: string) => screen.queryByRole('tab', { name });
const optionsOf = (testId: string) => Array.from((field(testId) as unknown as HTMLSelectElement).options, (o) => `${o.value}:${o.text}`);
const reads = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'GET' && c.url === url);

const PROMPTS = [{ id: 3, name: 'Sales assistant' }];
const INTEGRATIONS = [
  { id: 4, name: 'Typebot welcome' },
  { id: 6, name: 'n8n orders' },
];
const FULL_PLAN = { useOpenAi: true, useIntegrations: true };

async function retype(testId: string, text: string) {
  await userEvent.clear(field(testId));
  if (text) await userEvent.type(field(testId), text);
}

describe('queue dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.mocked(toastSuccess).mockClear();
    vi.mocked(toastError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("checks the contracts' rules before sending", async () => {
    const { calls } = serve({ save: () => ({ status: 201, body: aQueue(9) }) });
    const { dialog } = open();
    await userEvent.type(field('queue-name'), 'A');
    await retype('queue-color', '#f');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    expect(await within(dialog).findByText('Name must have at least 2 characters')).toBeTruthy();
    expect(within(dialog).getByText('Colour must have at least 3 characters')).toBeTruthy();
    expect(field('queue-name').getAttribute('aria-invalid')).toBe('true');
    expect(saves(calls)).toEqual([]);
  });

  it('adds a queue: posts its fields, says so, and the hours are the default week', async () => {
    const { calls } = serve({ save: (call) => ({ status: 201, body: aQueue(9, call.body as Partial<Queue>) }) });
    const { dialog, onSaved } = open();
    // The company does not use queue hours: no tab for them.
    expect(tab('Attendance time')).toBeNull();
    // A new queue has no menu yet: the options come once it is saved.
    expect(tab('Options')?.getAttribute('aria-disabled')).toBe('true');

    await userEvent.type(field('queue-name'), ' Sales ');
    await retype('queue-color', '#FF8800');
    expect(field('queue-color-picker').value).toBe('#ff8800');
    await userEvent.type(field('queue-orderQueue'), '2');
    await userEvent.type(field('queue-greetingMessage'), 'Welcome to sales!');
    await userEvent.type(field('queue-outOfHoursMessage'), 'We are closed.');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));
    const sent = saves(calls);
    expect(sent.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /queue']);
    const body = sent[0]!.body as Record<string, unknown>;
    expect({ ...body, schedules: undefined }).toEqual({
      name: 'Sales',
      color: '#FF8800',
      orderQueue: 2,
      greetingMessage: 'Welcome to sales!',
      outOfHoursMessage: 'We are closed.',
      integrationId: null,
      promptId: null,
      schedules: undefined,
    });
    const schedules = body.schedules as CompanySchedule[];
    expect(schedules.map((d) => `${d.weekdayEn} ${d.startTime}-${d.endTime}`)).toEqual([
      'monday 08:00-18:00',
      'tuesday 08:00-18:00',
      'wednesday 08:00-18:00',
      'thursday 08:00-18:00',
      'friday 08:00-18:00',
      'saturday 08:00-12:00',
      'sunday -',
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9, name: 'Sales' }));
  });

  it('shows a colour another queue has under the colour field and keeps the dialog open', async () => {
    const { calls } = serve({
      save: () => ({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', message: 'The colour #ff8800 is already used by another queue', details: [] } }),
    });
    const { dialog, onSaved } = open();
    await userEvent.type(field('queue-name'), 'Sales');
    await retype('queue-color', '#ff8800');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(await within(dialog).findByText('This colour is already in use; choose another one.')).toBeTruthy();
    expect(field('queue-color').getAttribute('aria-invalid')).toBe('true');
    expect(field('queue-name').value).toBe('Sales');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("toasts a refusal that is no field's, such as the plan's limit", async () => {
    serve({ save: () => ({ status: 403, body: { error: 'ERR_PLAN_LIMIT_REACHED', message: 'The plan allows 3 queues' } }) });
    const { dialog, onSaved } = open();
    await userEvent.type(field('queue-name'), 'Sales');
    await userEvent.click(within(dialog).getByTestId('queue-save'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(expect.any(ApiError)));
    expect(vi.mocked(toastError).mock.calls[0]?.[0]).toMatchObject({ status: 403, code: 'ERR_PLAN_LIMIT_REACHED' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the attendance time tab only when scheduleType is queue, and sends the hours changed there', async () => {
    const queue = aQueue(5, {
      name: 'Support',
      color: '#003366',
      schedules: [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
      ],
    });
    const { calls } = serve({ queue, save: (call) => ({ body: { ...queue, ...(call.body as object) } }) });
    const { dialog } = open({ queue, user: queueHoursAdmin });
    await screen.findByTestId('queue-form');

    await userEvent.click(tab('Attendance time')!);
    expect(field('queue-schedule-monday-startTime').value).toBe('08:00');
    expect(field('queue-schedule-sunday-startTime').value).toBe('');
    await retype('queue-schedule-monday-startTime', '09:00');
    await retype('queue-schedule-saturday-startTime', '25:00');
    await userEvent.click(within(dialog).getByTestId('queue-save'));
    // A refused time stays on its tab, under its input; nothing is sent.
    expect(await within(dialog).findByText('must be a time HH:MM')).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    await retype('queue-schedule-saturday-startTime', '08:00');
    await retype('queue-schedule-saturday-endTime', '12:00');
    await userEvent.click(within(dialog).getByTestId('queue-save'));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));

    // Only what changed is sent: the week.
    const [put] = saves(calls);
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/queue/5');
    const body = put?.body as { schedules: CompanySchedule[] };
    expect(Object.keys(body)).toEqual(['schedules']);
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' });
    expect(body.schedules[1]).toEqual({ weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' });
    expect(body.schedules[5]).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' });
    expect(body.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' });
  });

  it('posts the hours typed for a new queue when the company uses queue hours', async () => {
    const { calls } = serve({ save: (call) => ({ status: 201, body: aQueue(9, call.body as Partial<Queue>) }) });
    const { dialog } = open({ user: queueHoursAdmin });
    await userEvent.type(field('queue-name'), 'Night shift');
    await userEvent.click(tab('Attendance time')!);
    await retype('queue-schedule-monday-startTime', '18:00');
    await retype('queue-schedule-monday-endTime', '23:59');
    await retype('queue-schedule-saturday-startTime', '');
    await retype('queue-schedule-saturday-endTime', '');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));
    const schedules = (saves(calls)[0]?.body as { schedules: CompanySchedule[] }).schedules;
    expect(schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '18:00', endTime: '23:59' });
    expect(schedules[1]).toEqual({ weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' });
    expect(schedules[5]).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '', endTime: '' });
  });

  it('edits a queue: reads it first and sends only what changed', async () => {
    const queue = aQueue(5, { name: 'Support', color: '#003366', greetingMessage: 'Hi' });
    const { calls } = serve({ queue, save: (call) => ({ body: { ...queue, ...(call.body as object) } }) });
    const { dialog, onSaved } = open({ queue: aQueue(5, { name: 'Old name' }) });
    await waitFor(() => expect(field('queue-name').value).toBe('Support'));
    expect(tab('Attendance time')).toBeNull();

    await retype('queue-greetingMessage', 'Hello from support');
    await userEvent.click(within(dialog).getByTestId('queue-save'));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));
    expect(saves(calls).map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/queue/5', { greetingMessage: 'Hello from support' }]]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ greetingMessage: 'Hello from support' }));
  });

  it("offers the company's prompts and integrations when the plan has them, and posts the chosen ids", async () => {
    const { calls } = serve({ automation: { plan: FULL_PLAN, prompts: PROMPTS, integrations: INTEGRATIONS }, save: (call) => ({ status: 201, body: aQueue(9, call.body as Partial<Queue>) }) });
    const { dialog } = open();
    await waitFor(() => expect(optionsOf('queue-integrationId')).toEqual([':None', '4:Typebot welcome', '6:n8n orders']));
    expect(optionsOf('queue-promptId')).toEqual([':None', '3:Sales assistant']);
    expect(within(dialog).getByLabelText('Prompt')).toBe(field('queue-promptId'));
    expect(within(dialog).getByLabelText('Integration')).toBe(field('queue-integrationId'));

    await userEvent.type(field('queue-name'), 'Sales');
    await userEvent.selectOptions(field('queue-promptId'), '3');
    await userEvent.selectOptions(field('queue-integrationId'), 'n8n orders');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));
    expect(saves(calls)[0]?.body).toMatchObject({ name: 'Sales', promptId: 3, integrationId: 6 });
  });

  it("edits a queue: shows its prompt and integration, and sends none as null", async () => {
    const queue = aQueue(5, { name: 'Support', promptId: 3, integrationId: 4 });
    const { calls } = serve({ queue, automation: { plan: FULL_PLAN, prompts: PROMPTS, integrations: INTEGRATIONS }, save: (call) => ({ body: { ...queue, ...(call.body as object) } }) });
    const { dialog, onSaved } = open({ queue });
    await waitFor(() => expect(field('queue-integrationId').value).toBe('4'));
    expect(field('queue-promptId').value).toBe('3');

    await userEvent.selectOptions(field('queue-promptId'), 'None');
    await userEvent.selectOptions(field('queue-integrationId'), '6');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));
    expect(saves(calls).map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/queue/5', { integrationId: 6, promptId: null }]]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ promptId: null, integrationId: 6 }));
  });

  it('hides a choice the plan lacks or that has nothing to choose, and leaves its value alone', async () => {
    const queue = aQueue(5, { name: 'Support', integrationId: 4 });
    const { calls } = serve({ queue, automation: { plan: { useOpenAi: true, useIntegrations: false }, prompts: [], integrations: INTEGRATIONS }, save: (call) => ({ body: { ...queue, ...(call.body as object) } }) });
    const { dialog } = open({ queue });
    await waitFor(() => expect(reads(calls, '/prompt')).toHaveLength(1));
    await screen.findByTestId('queue-form');
    // The plan has prompts but the company wrote none; integrations are not in the plan, so they are not even read.
    expect(within(dialog).queryByTestId('queue-promptId')).toBeNull();
    expect(within(dialog).queryByTestId('queue-integrationId')).toBeNull();
    expect(reads(calls, '/queueIntegration')).toEqual([]);

    await retype('queue-greetingMessage', 'Hello');
    await userEvent.click(within(dialog).getByTestId('queue-save'));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Queue saved.'));
    expect(saves(calls).map((c) => c.body)).toEqual([{ greetingMessage: 'Hello' }]);
  });

  it('shows only the prompt when the plan has OpenAI but no integrations', async () => {
    const { calls } = serve({ automation: { plan: { useOpenAi: true, useIntegrations: false }, prompts: PROMPTS, integrations: INTEGRATIONS } });
    const { dialog } = open();
    expect(await within(dialog).findByTestId('queue-promptId')).toBeTruthy();
    expect(within(dialog).queryByTestId('queue-integrationId')).toBeNull();
    expect(reads(calls, '/queueIntegration')).toEqual([]);
  });
});
