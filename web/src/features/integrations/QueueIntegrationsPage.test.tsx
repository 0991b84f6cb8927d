import type { QueueIntegration } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { fakeServerEachTest, feedEntry } from '../../test/fakeServer';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { integration } from './fixtures';
import { pageSteps } from './pageSteps';
import { QueueIntegrationsPage } from './QueueIntegrationsPage';

type Answer = { status?: number; body?: unknown };

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const formClosed = () => waitFor(() => expect(screen.queryByTestId('integration-form')).toBeNull());

describe('queue integrations page', { timeout: 20_000 }, () => {
  fakeServerEachTest();
  let pages: QueueIntegration[][];
  let useIntegrations: boolean;
  let save: (call: FakeCall) => Answer;
  let remove: (call: FakeCall) => Answer;
  let testSession: (call: FakeCall) => Answer;
  beforeEach(() => {
    useIntegrations = true;
    pages = [[integration(1, { type: 'dialogflow', name: 'Agente FAQ', jsonContent: '••••KEY}', webhookSecret: '', urlN8N: '', projectName: 'faq-project' }), integration(2, { name: 'CRM hook' })], [integration(3, { type: 'typebot', name: 'Typebot vendas' })]];
    save = (call) => ({ status: call.method === 'POST' ? 201 : 200, body: integration(call.method === 'POST' ? 9 : Number(call.url.split('/').at(-1)), { ...(call.body as object), webhookSecret: '••••abcd' }) });
    remove = () => ({ body: { message: 'Integration deleted' } });
    testSession = () => ({ body: { intent: 'Default Welcome Intent', fulfillmentText: 'Olá! Como posso ajudar?', endInteraction: false } });
  });

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === `/companies/listPlan/${admin.companyId}`) return { body: { plan: { id: 1, name: 'Pro', useIntegrations } } };
      if (call.method === 'GET' && url.pathname === '/queueIntegration') {
        const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
        const page = Number(url.searchParams.get('pageNumber') ?? 1);
        const found = (pages[page - 1] ?? []).filter((i) => i.name.toLowerCase().includes(search));
        return { body: { queueIntegrations: found, count: found.length, hasMore: page < pages.length && !search } };
      }
      if (call.method === 'GET' && url.pathname === '/flowbuilder') return { body: { flows: [{ id: 40, name: 'Boas-vindas' }], hasMore: false } };
      if (call.method === 'POST' && url.pathname === '/queueIntegration/testSession') return testSession(call);
      const one = /^\/queueIntegration\/(\d+)$/.exec(url.pathname);
      if (call.method === 'GET' && one) return { body: pages.flat().find((i) => i.id === Number(one[1])) };
      if ((call.method === 'POST' && url.pathname === '/queueIntegration') || (call.method === 'PUT' && one)) return save(call);
      if (call.method === 'DELETE' && one) return remove(call);
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }
  const render = (user = admin) => renderSignedIn(<QueueIntegrationsPage />, { path: '/queue-integration', route: '/queue-integration', user });
  const { names, rowOf, listed, openEdit } = pageSteps('integration', serve, () => render());
  async function openNew(type: string) {
    await userEvent.click(screen.getByTestId('integration-add'));
    await screen.findByTestId('integration-form');
    await userEvent.selectOptions(field('integration-type'), type);
  }

  it('is for admins: an agent is told so', () => {
    serve();
    render(me);
    expect(screen.getByText('Only administrators keep integrations.')).toBeTruthy();
  });

  it('without integrations in the plan: says so, then goes home after a second', async () => {
    useIntegrations = false;
    const { calls } = serve();
    render();
    expect((await screen.findAllByText("Your company's plan does not include integrations. Taking you back to the start…")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 2_000 });
    expect(calls.some((c) => c.url.startsWith('/queueIntegration'))).toBe(false);
  });

  it('lists type, id and name, loads the next page at the end, searches, and follows the channel', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(names()).toEqual(['Agente FAQ', 'CRM hook']));
    expect(calls.find((c) => c.url.startsWith('/queueIntegration'))?.url).toBe('/queueIntegration?searchParam=&pageNumber=1');
    expect(within(rowOf(1)).getByTestId('integration-type-tag').textContent).toBe('Dialogflow');
    expect(within(rowOf(2)).getByTestId('integration-type-tag').textContent).toBe('Webhook');
    expect(rowOf(2).textContent).toContain('2');

    fireEvent.scroll(screen.getByTestId('integrations-scroll'));
    await waitFor(() => expect(names()).toEqual(['Agente FAQ', 'CRM hook', 'Typebot vendas']));
    expect(within(rowOf(3)).getByTestId('integration-type-tag').textContent).toBe('Typebot');

    feedEntry('queueIntegration', { action: 'create', queueIntegration: integration(4, { type: 'n8n', name: 'n8n pedidos' }) });
    await waitFor(() => expect(names()).toEqual(['n8n pedidos', 'Agente FAQ', 'CRM hook', 'Typebot vendas']));
    feedEntry('queueIntegration', { action: 'update', queueIntegration: integration(2, { name: 'CRM hook', health: { status: 'failing', lastError: 'The receiver answered 500', lastErrorAt: '2026-11-27T10:00:00.000Z' } }) });
    expect((await within(rowOf(2)).findByTestId('bot-health-failing')).textContent).toBe('Failing');
    feedEntry('queueIntegration', { action: 'delete', integrationId: 1 });
    await waitFor(() => expect(names()).toEqual(['n8n pedidos', 'CRM hook', 'Typebot vendas']));

    await userEvent.type(screen.getByTestId('integrations-search'), 'crm');
    await waitFor(() => expect(names()).toEqual(['CRM hook']));
    expect(calls.filter((c) => c.url.startsWith('/queueIntegration?searchParam=crm'))).toHaveLength(1);
  });

  it('deletes after confirmation, and says so when the integration is in use', async () => {
    const { calls } = await listed();
    remove = () => ({ status: 409, body: { error: 'ERR_INTEGRATION_IN_USE', message: 'in use' } });
    await userEvent.click(within(rowOf(2)).getByTestId('integration-delete'));
    await userEvent.click(screen.getByTestId('integration-delete-dialog-confirm'));
    expect(await screen.findByText('It is in use by queues or connections: remove it from them before deleting it.')).toBeTruthy();
    expect(names()).toEqual(['Agente FAQ', 'CRM hook']);
    remove = () => ({ body: { message: 'Integration deleted' } });
    await userEvent.click(within(rowOf(2)).getByTestId('integration-delete'));
    await userEvent.click(screen.getByTestId('integration-delete-dialog-confirm'));
    await waitFor(() => expect(names()).toEqual(['Agente FAQ']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/queueIntegration/2', '/queueIntegration/2']);
  });

  it('asks the type first; a webhook takes a URL and a signing secret of 16 characters or more, and its project is its name', async () => {
    const { calls } = await listed();
    await userEvent.click(screen.getByTestId('integration-add'));
    await screen.findByTestId('integration-form');
    expect(screen.queryByTestId('integration-name')).toBeNull();
    await userEvent.click(screen.getByTestId('integration-submit'));
    expect(await screen.findByText('Type is required')).toBeTruthy();

    await userEvent.selectOptions(field('integration-type'), 'webhook');
    expect(screen.getByTestId('integration-signature-note').textContent).toContain('X-Atendo-Signature');
    expect(screen.getByTestId('integration-signature-note').textContent).toContain('HMAC-SHA256');
    expect(screen.queryByTestId('integration-typebotSlug')).toBeNull();
    expect(screen.queryByTestId('integration-jsonContent')).toBeNull();
    await userEvent.type(field('integration-name'), 'C');
    await userEvent.type(field('integration-urlN8N'), 'hooks.example.com');
    await userEvent.type(field('integration-webhookSecret'), 'short');
    await userEvent.click(screen.getByTestId('integration-submit'));
    expect(await screen.findByText('Name must have at least 2 characters')).toBeTruthy();
    expect(screen.getByText('URL must be an http or https address')).toBeTruthy();
    expect(screen.getByText('Signing secret must have at least 16 characters')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(field('integration-name'), 'RM pedidos');
    await userEvent.clear(field('integration-urlN8N'));
    await userEvent.type(field('integration-urlN8N'), 'https://hooks.example.com/atendo');
    await userEvent.click(screen.getByTestId('integration-webhookSecret-generate'));
    const secret = field('integration-webhookSecret').value;
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    await userEvent.click(screen.getByTestId('integration-submit'));
    await formClosed();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        type: 'webhook',
        name: 'CRM pedidos',
        projectName: 'CRM pedidos',
        jsonContent: '',
        language: 'pt-BR',
        urlN8N: 'https://hooks.example.com/atendo',
        webhookSecret: secret,
        typebotSlug: '',
        typebotDelayMessage: 1000,
        typebotExpires: 1,
        typebotKeywordFinish: '',
        typebotKeywordRestart: '',
        typebotRestartMessage: '',
        typebotUnknownMessage: '',
        flowId: null,
      },
    ]);
    await waitFor(() => expect(names()).toEqual(['CRM pedidos', 'Agente FAQ', 'CRM hook']));
  });

  it('edits a webhook with its secret masked, and sends the mask back to keep it', async () => {
    const { calls } = await listed();
    await openEdit(2);
    expect(field('integration-type').value).toBe('webhook');
    expect(field('integration-webhookSecret').value).toBe('••••9f3a');
    expect(screen.getByText('Leave it as it is to keep the stored secret.')).toBeTruthy();
    await userEvent.clear(field('integration-name'));
    await userEvent.type(field('integration-name'), 'CRM novo');
    await userEvent.click(screen.getByTestId('integration-submit'));
    await formClosed();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/queueIntegration/2', body: { name: 'CRM novo', projectName: 'CRM novo', webhookSecret: '••••9f3a' } });
    await waitFor(() => expect(names()).toEqual(['Agente FAQ', 'CRM novo']));
  });

  it('a Typebot starts from its defaults and shows the bot live once the URL and the slug are filled', async () => {
    const { calls } = await listed();
    await openNew('typebot');
    expect(field('integration-typebotDelayMessage').value).toBe('1000');
    expect(field('integration-typebotExpires').value).toBe('1');
    for (const id of ['typebotKeywordFinish', 'typebotKeywordRestart', 'typebotRestartMessage', 'typebotUnknownMessage']) expect(screen.getByTestId(`integration-${id}`)).toBeTruthy();
    expect(screen.getByText('Fill in a valid URL and the slug to see the Typebot here.')).toBeTruthy();

    await userEvent.type(field('integration-name'), 'Typebot suporte');
    await userEvent.type(field('integration-urlN8N'), 'typebot.example.com');
    await userEvent.type(field('integration-typebotSlug'), 'suporte-v2');
    // Not an http address: no preview.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByTestId('typebot-preview')).toBeNull();
    await userEvent.clear(field('integration-urlN8N'));
    await userEvent.type(field('integration-urlN8N'), 'https://typebot.example.com/');
    const preview = await screen.findByTestId('typebot-preview', {}, { timeout: 2_000 });
    await waitFor(() => expect(preview.querySelector('iframe')?.getAttribute('src')).toBe('https://typebot.example.com/suporte-v2'));

    await userEvent.type(field('integration-typebotKeywordRestart'), '#reiniciar');
    await userEvent.click(screen.getByTestId('integration-submit'));
    await formClosed();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      type: 'typebot',
      name: 'Typebot suporte',
      projectName: 'Typebot suporte',
      urlN8N: 'https://typebot.example.com/',
      typebotSlug: 'suporte-v2',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      typebotKeywordRestart: '#reiniciar',
      webhookSecret: '',
    });
  });

  it('a Dialogflow agent keeps its own project, and "Test" shows what the agent answered or why it failed', async () => {
    const { calls } = await listed();
    await openEdit(1);
    expect(field('integration-projectName').value).toBe('faq-project');
    expect(field('integration-jsonContent').value).toBe('••••KEY}');
    expect(field('integration-language').value).toBe('pt-BR');
    expect(within(field('integration-language')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['pt-BR', 'en', 'es']);
    await userEvent.click(screen.getByTestId('integration-test'));
    const answer = await screen.findByTestId('integration-test-answer');
    expect(answer.textContent).toContain('The agent answered: Olá! Como posso ajudar?');
    expect(answer.textContent).toContain('Intent: Default Welcome Intent');
    expect(calls.find((c) => c.url === '/queueIntegration/testSession')?.body).toEqual({ projectName: 'faq-project', jsonContent: '••••KEY}', language: 'pt-BR', text: 'Olá', integrationId: 1 });

    testSession = () => ({ status: 400, body: { error: 'ERR_INTEGRATION_TEST_FAILED', message: 'PERMISSION_DENIED' } });
    await userEvent.click(screen.getByTestId('integration-test'));
    expect((await screen.findByTestId('integration-test-error')).textContent).toBe('The integration test failed: check the credentials and the project.');
    await userEvent.click(screen.getByTestId('integration-submit'));
    await formClosed();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ type: 'dialogflow', name: 'Agente FAQ', projectName: 'faq-project', jsonContent: '••••KEY}', urlN8N: '', webhookSecret: '' });
  });

  it('a flow integration picks one of the company flows', async () => {
    const { calls } = await listed();
    await openNew('flowbuilder');
    await userEvent.type(field('integration-name'), 'Fluxo de boas-vindas');
    await userEvent.click(screen.getByTestId('integration-submit'));
    expect(await screen.findByText('Flow is required')).toBeTruthy();
    await userEvent.selectOptions(await screen.findByTestId('integration-flowId'), '40');
    await userEvent.click(screen.getByTestId('integration-submit'));
    await formClosed();
    expect(calls.some((c) => c.url === '/flowbuilder?searchParam=&pageNumber=1')).toBe(true);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'flowbuilder', name: 'Fluxo de boas-vindas', projectName: 'Fluxo de boas-vindas', flowId: 40, urlN8N: '' });
  });
});
