import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { MessagesApiPage } from './MessagesApiPage';

type Answer = { status?: number; body?: unknown };

/** The company's plan (with or without the external API), and `send` answering POST /api/messages/send. */
function serve(send: (call: FakeCall) => Answer = () => ({ body: { message: 'Message sent' } }), useExternalApi = true) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.url === `/companies/listPlan/${admin.companyId}`) return { body: { plan: { id: 1, name: 'Pro', useExternalApi } } };
    if (call.method === 'POST' && call.url === '/api/messages/send') return send(call);
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const sends = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/messages/send');
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** Success toasts shown so far (the toaster outlives each test's render, so tests count new ones). */
const sentToasts = () => screen.queryAllByText('Message sent.').length;

async function renderPage() {
  renderSignedIn(<MessagesApiPage />, { user: admin, path: '/messages-api', route: '/messages-api' });
  await screen.findByTestId('messages-api-docs');
}

describe('messages API page', { timeout: 20_000 }, () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('documents POST /api/messages/send with a curl example for text and for files', async () => {
    serve();
    await renderPage();
    const text = screen.getByTestId('messages-api-text-example').textContent!;
    expect(text).toContain(`curl -X POST '${window.location.origin}/api/messages/send'`);
    expect(text).toContain("-H 'Authorization: Bearer <token>'");
    expect(text).toContain('"number": "5511999999999"');
    const media = screen.getByTestId('messages-api-media-example').textContent!;
    expect(media).toContain("-F 'medias=@./invoice.pdf'");
    expect(screen.getByText('ERR_WAPP_INVALID_CONTACT: the number is not on WhatsApp.')).toBeTruthy();
    expect(screen.getByText('429')).toBeTruthy();
  });

  it("sends a text as JSON with the connection's token, not the console's, and says it was sent", async () => {
    const { calls } = serve();
    await renderPage();
    const form = screen.getByTestId('messages-api-text-form');
    await userEvent.type(field('messages-api-text-token'), 'conn-token-1');
    await userEvent.type(field('messages-api-text-number'), '5511999999999');
    await userEvent.type(field('messages-api-text-body'), 'Hello there');
    const toastsBefore = sentToasts();
    await userEvent.click(within(form).getByTestId('messages-api-text-send'));

    await waitFor(() => expect(sentToasts()).toBe(toastsBefore + 1));
    expect(sends(calls)).toEqual([{ method: 'POST', url: '/api/messages/send', token: 'conn-token-1', body: { number: '5511999999999', body: 'Hello there' } }]);
    const answer = within(form).getByTestId('messages-api-text-answer');
    expect(answer.textContent).toContain('The API answered 200');
    expect(answer.textContent).toContain('Message sent');
  });

  it("shows a refusal's status, code and message", async () => {
    serve(() => ({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT', message: '123 is not a WhatsApp number' } }));
    await renderPage();
    const form = screen.getByTestId('messages-api-text-form');
    await userEvent.type(field('messages-api-text-token'), 'conn-token-1');
    await userEvent.type(field('messages-api-text-number'), '123');
    await userEvent.type(field('messages-api-text-body'), 'Hi');
    const toastsBefore = sentToasts();
    await userEvent.click(within(form).getByTestId('messages-api-text-send'));

    const answer = await within(form).findByTestId('messages-api-text-answer');
    expect(answer.textContent).toBe('The API answered 400ERR_WAPP_INVALID_CONTACT — 123 is not a WhatsApp number');
    expect(answer.getAttribute('role')).toBe('alert');
    expect(sentToasts()).toBe(toastsBefore);
  });

  it('shows a wrong token as the 401 it is', async () => {
    serve(() => ({ status: 401, body: { error: 'ERR_SESSION_EXPIRED', message: 'No connection has this token' } }));
    await renderPage();
    const form = screen.getByTestId('messages-api-text-form');
    await userEvent.type(field('messages-api-text-token'), 'wrong');
    await userEvent.type(field('messages-api-text-number'), '5511999999999');
    await userEvent.type(field('messages-api-text-body'), 'Hi');
    await userEvent.click(within(form).getByTestId('messages-api-text-send'));
    expect((await within(form).findByTestId('messages-api-text-answer')).textContent).toContain('The API answered 401');
    // The console's own session is untouched: still signed in.
    expect(localStorage.getItem('token')).toBe('jwt');
  });

  it('sends nothing while a field is blank', async () => {
    const { calls } = serve();
    await renderPage();
    const form = screen.getByTestId('messages-api-text-form');
    await userEvent.click(within(form).getByTestId('messages-api-text-send'));
    expect(await within(form).findByText('Connection token is required')).toBeTruthy();
    expect(within(form).getByText('Number is required')).toBeTruthy();
    expect(within(form).getByText('Message is required')).toBeTruthy();
    expect(sends(calls)).toEqual([]);
  });

  it('sends a file as multipart with number, body and medias', async () => {
    const { calls } = serve();
    await renderPage();
    const form = screen.getByTestId('messages-api-media-form');
    await userEvent.click(within(form).getByTestId('messages-api-media-send'));
    expect(await within(form).findByText('File is required')).toBeTruthy();

    const file = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    await userEvent.type(field('messages-api-media-token'), 'conn-token-2');
    await userEvent.type(field('messages-api-media-number'), '5511988887777');
    await userEvent.upload(field('messages-api-media-file'), file);
    expect(within(form).getByText('invoice.pdf')).toBeTruthy();
    const toastsBefore = sentToasts();
    await userEvent.click(within(form).getByTestId('messages-api-media-send'));

    await waitFor(() => expect(sentToasts()).toBe(toastsBefore + 1));
    const [call] = sends(calls);
    expect(call).toMatchObject({ method: 'POST', token: 'conn-token-2' });
    const sent = call!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('number')).toBe('5511988887777');
    expect(sent.get('body')).toBe('invoice.pdf');
    expect((sent.get('medias') as File).name).toBe('invoice.pdf');
    expect(within(form).getByTestId('messages-api-media-answer').textContent).toContain('The API answered 200');
  });

  it('says the plan does not include the API and goes home after 1 s, showing no form', async () => {
    const { calls } = serve(undefined, false);
    renderSignedIn(<MessagesApiPage />, { user: admin, path: '/messages-api', route: '/messages-api' });
    const toasted = () => Array.from(document.querySelectorAll('.bp6-toast')).some((toast) => toast.textContent?.includes("Your company's plan does not include the messages API."));
    await waitFor(() => expect(toasted()).toBe(true));
    expect(screen.queryByTestId('messages-api-text-form')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/messages-api');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 2000 });
    expect(sends(calls)).toEqual([]);
  });
});
