import type { Prompt } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { fakeServerEachTest, feedEntry } from '../../test/fakeServer';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { formatDate, formatTime } from '../../ui/dates';
import { prompt } from './fixtures';
import { pageSteps } from './pageSteps';
import { PromptsPage } from './PromptsPage';

type Answer = { status?: number; body?: unknown };

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const QUEUES = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Support' },
];
const LONG_PROMPT = 'You are the assistant of a bike shop. Answer in two sentences at most, kindly.';

describe('prompts page', { timeout: 20_000 }, () => {
  fakeServerEachTest();
  let prompts: Prompt[];
  let useOpenAi: boolean;
  let save: (call: FakeCall) => Answer;
  let remove: (call: FakeCall) => Answer;
  beforeEach(() => {
    useOpenAi = true;
    prompts = [prompt(1, { name: 'Bakery bot' }), prompt(2, { name: 'Support bot', queueId: 2, queue: { id: 2, name: 'Support' }, maxTokens: 300 })];
    save = (call) => ({ status: call.method === 'POST' ? 201 : 200, body: prompt(9, { ...(call.body as object), queue: { id: 2, name: 'Support' }, apiKey: '••••1234' }) });
    remove = () => ({ body: { message: 'Prompt deleted' } });
  });
  afterEach(() => vi.useRealTimers());

  function serve() {
    return fakeFetch((call) => {
      if (call.method === 'GET' && call.url === `/companies/listPlan/${admin.companyId}`) return { body: { plan: { id: 1, name: 'Pro', useOpenAi } } };
      if (call.method === 'GET' && call.url === '/prompt') return { body: { prompts, count: prompts.length, hasMore: false } };
      if (call.method === 'GET' && call.url === '/queue') return { body: QUEUES };
      const one = /^\/prompt\/(\d+)$/.exec(call.url);
      if (call.method === 'GET' && one) return { body: prompts.find((p) => p.id === Number(one[1])) };
      if ((call.method === 'POST' && call.url === '/prompt') || (call.method === 'PUT' && one)) return save(call);
      if (call.method === 'DELETE' && one) return remove(call);
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }
  const render = (user = admin) => renderSignedIn(<PromptsPage />, { path: '/prompts', route: '/prompts', user });
  const { names, rowOf, listed, openEdit } = pageSteps('prompt', serve, () => render());

  it('is for admins: an agent is told so', async () => {
    serve();
    render(me);
    expect(screen.getByText('Only administrators keep prompts.')).toBeTruthy();
    expect(screen.queryByTestId('prompt-add')).toBeNull();
  });

  it('without OpenAI in the plan: says so, then goes home after a second', async () => {
    useOpenAi = false;
    const { calls } = serve();
    render();
    expect((await screen.findAllByText("Your company's plan does not include OpenAI. Taking you back to the start…")).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location').textContent).toBe('/prompts');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 2_000 });
    expect(calls.some((c) => c.url === '/prompt')).toBe(false);
  });

  it('lists name, queue and max tokens, follows the prompt channel, and shows a failing one in red with its last error', async () => {
    serve();
    render();
    await waitFor(() => expect(names()).toEqual(['Bakery bot', 'Support bot']));
    expect(within(rowOf(2)).getByTestId('prompt-row-queue').textContent).toBe('Support');
    expect(rowOf(2).textContent).toContain('300');
    expect(screen.queryByTestId('bot-health-failing')).toBeNull();

    feedEntry('prompt', { action: 'create', prompt: prompt(3, { name: 'Night shift' }) });
    await waitFor(() => expect(names()).toEqual(['Night shift', 'Bakery bot', 'Support bot']));
    const at = '2026-11-27T18:45:00.000Z';
    feedEntry('prompt', { action: 'update', prompt: prompt(1, { name: 'Bakery bot', health: { status: 'failing', lastError: 'OpenAI answered 401: invalid API key', lastErrorAt: at } }) });
    const tag = await within(rowOf(1)).findByTestId('bot-health-failing');
    expect(tag.textContent).toBe('Failing');
    await userEvent.hover(tag);
    const tooltip = await screen.findByTestId('bot-health-tooltip');
    expect(tooltip.textContent).toContain('Last error: OpenAI answered 401: invalid API key');
    expect(tooltip.textContent).toContain(`On ${formatDate(at)} at ${formatTime(at)}`);
    feedEntry('prompt', { action: 'delete', promptId: 2 });
    await waitFor(() => expect(names()).toEqual(['Night shift', 'Bakery bot']));
  });

  it('deletes after confirmation, and says so when the prompt is still in use', async () => {
    const { calls } = await listed();
    remove = () => ({ status: 409, body: { error: 'ERR_INTEGRATION_IN_USE', message: 'in use' } });
    await userEvent.click(within(rowOf(1)).getByTestId('prompt-delete'));
    expect(screen.getByTestId('prompt-delete-dialog').textContent).toContain('Delete the prompt "Bakery bot"?');
    await userEvent.click(screen.getByTestId('prompt-delete-dialog-confirm'));
    expect(await screen.findByText('It is in use by queues or connections: remove it from them before deleting it.')).toBeTruthy();
    expect(names()).toEqual(['Bakery bot', 'Support bot']);

    remove = () => ({ body: { message: 'Prompt deleted' } });
    await userEvent.click(within(rowOf(2)).getByTestId('prompt-delete'));
    await userEvent.click(screen.getByTestId('prompt-delete-dialog-confirm'));
    await waitFor(() => expect(names()).toEqual(['Bakery bot']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/prompt/1', '/prompt/2']);
  });

  it("starts a new prompt from the defaults, checks the contracts' rules, and sends it", async () => {
    const { calls } = await listed();
    await userEvent.click(screen.getByTestId('prompt-add'));
    await screen.findByTestId('prompt-form');
    expect(field('prompt-model').value).toBe('gpt-3.5-turbo-1106');
    expect(within(field('prompt-model')).getByRole('option', { name: 'GPT 4.0' })).toBeTruthy();
    expect(field('prompt-maxTokens').value).toBe('100');
    expect(field('prompt-temperature').value).toBe('1');
    expect(field('prompt-maxMessages').value).toBe('10');
    expect(field('prompt-voice').value).toBe('texto');
    expect(field('prompt-prompt').getAttribute('rows')).toBe('10');
    expect(field('prompt-apiKey').type).toBe('password');
    expect(screen.queryByTestId('prompt-voiceKey')).toBeNull();

    await userEvent.type(field('prompt-name'), 'Bot');
    await userEvent.type(field('prompt-prompt'), 'Too short a prompt.');
    await userEvent.clear(field('prompt-temperature'));
    await userEvent.type(field('prompt-temperature'), '1.5');
    await userEvent.click(screen.getByTestId('prompt-submit'));
    expect(await screen.findByText('Name must have at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Prompt must have at least 50 characters')).toBeTruthy();
    expect(screen.getByText('Temperature must be at most 1')).toBeTruthy();
    expect(screen.getByText('OpenAI API key is required')).toBeTruthy();
    expect(screen.getByText('Queue is required: the assistant hands its tickets to it')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(field('prompt-name'), ' helper');
    await userEvent.clear(field('prompt-prompt'));
    await userEvent.type(field('prompt-prompt'), LONG_PROMPT);
    await userEvent.clear(field('prompt-temperature'));
    await userEvent.type(field('prompt-temperature'), '0.7');
    await userEvent.type(field('prompt-apiKey'), 'sk-test-1234');
    await userEvent.click(screen.getByTestId('prompt-apiKey-toggle'));
    expect(field('prompt-apiKey').type).toBe('text');
    await userEvent.selectOptions(field('prompt-queueId'), '2');
    await userEvent.selectOptions(field('prompt-model'), 'gpt-4o-mini');
    // A voice asks for its key and region.
    await userEvent.selectOptions(field('prompt-voice'), 'pt-BR-FranciscaNeural');
    await userEvent.click(screen.getByTestId('prompt-submit'));
    expect(await screen.findByText('Voice key is needed with a voice')).toBeTruthy();
    expect(screen.getByText('Voice region is needed with a voice')).toBeTruthy();
    await userEvent.type(field('prompt-voiceKey'), 'azure-key-1');
    await userEvent.type(field('prompt-voiceRegion'), 'brazilsouth');
    await userEvent.click(screen.getByTestId('prompt-submit'));

    await screen.findByText('Prompt saved.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/prompt',
        token: 'jwt',
        body: {
          name: 'Bot helper',
          prompt: LONG_PROMPT,
          model: 'gpt-4o-mini',
          apiKey: 'sk-test-1234',
          queueId: 2,
          maxTokens: 100,
          temperature: 0.7,
          maxMessages: 10,
          voice: 'pt-BR-FranciscaNeural',
          voiceKey: 'azure-key-1',
          voiceRegion: 'brazilsouth',
        },
      },
    ]);
    await waitFor(() => expect(names()).toEqual(['Bot helper', 'Bakery bot', 'Support bot']));
    expect(screen.queryByTestId('prompt-form')).toBeNull();
  });

  it('edits with the key masked: left as it is, the mask goes back; the server refusals land on their fields', async () => {
    const { calls } = await listed();
    await openEdit(1);
    expect(field('prompt-apiKey').value).toBe('••••wxyz');
    expect(screen.getByText('Leave it as it is to keep the stored key.')).toBeTruthy();
    expect(field('prompt-queueId').value).toBe('1');

    save = () => ({ status: 400, body: { error: 'ERR_VALIDATION', message: 'invalid', details: [{ path: 'name', rule: 'taken', message: 'is already the name of another prompt' }] } });
    await userEvent.clear(field('prompt-name'));
    await userEvent.type(field('prompt-name'), 'Support bot');
    await userEvent.click(screen.getByTestId('prompt-submit'));
    expect(await screen.findByText('Name is already the name of another prompt')).toBeTruthy();
    expect(field('prompt-name').value).toBe('Support bot');

    save = (call) => ({ body: prompt(1, { ...(call.body as object), queue: { id: 1, name: 'Sales' } }) });
    await userEvent.clear(field('prompt-name'));
    await userEvent.type(field('prompt-name'), 'Bakery helper');
    await userEvent.click(screen.getByTestId('prompt-submit'));
    await waitFor(() => expect(screen.queryByTestId('prompt-form')).toBeNull());
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)).toMatchObject({ url: '/prompt/1', body: { name: 'Bakery helper', apiKey: '••••wxyz', queueId: 1, voice: 'texto', voiceKey: '' } });
    await waitFor(() => expect(names()).toEqual(['Bakery helper', 'Support bot']));
  });
});
