import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { message } from '../../test/fixtures';
import { renderMessageInput } from '../../test/renderMessageInput';

/** The Idempotency-Key header of every call, in order. */
const keysOf = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  fetch.mock.calls.map(([, init]) => new Headers((init as RequestInit | undefined)?.headers).get('Idempotency-Key'));

const renderInput = (disabled = false) => renderMessageInput({ disabled, retryDelaysMs: [0, 0] });

describe('message input', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not send blank text', async () => {
    const { calls } = fakeFetch(() => ({ body: message('m1', 1) }));
    const input = renderInput();
    await userEvent.type(input, '   {Enter}');
    await userEvent.type(input, '{Shift>}{Enter}{/Shift}  ');
    expect(screen.getByTestId('message-send').hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('sends with Enter, adds a line with Shift+Enter, and empties the box once sent', async () => {
    const { calls } = fakeFetch(() => ({ body: message('m1', 1) }));
    const input = renderInput();
    await userEvent.type(input, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(input.value).toBe('Hello\nthere');
    expect(input.rows).toBe(2);

    await userEvent.type(input, '{Enter}');
    expect(calls).toEqual([{ method: 'POST', url: '/messages/1', token: 'jwt', body: { body: 'Hello\nthere' } }]);
    expect(input.value).toBe('');
  });

  it('keeps what was typed and shows the error when sending fails', async () => {
    fakeFetch(() => ({ status: 502, body: { error: 'ERR_SENDING_WAPP_MSG' } }));
    const input = renderInput();
    await userEvent.type(input, 'Do not lose me');
    await userEvent.click(screen.getByTestId('message-send'));

    expect(await screen.findByText('Error sending the WhatsApp message. Check the connections page.')).toBeTruthy();
    expect(input.value).toBe('Do not lose me');
  });

  it('retries a send whose outcome is unknown with the same Idempotency-Key, and empties the box once it went', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ({ status: 500, body: { error: 'ERR_INTERNAL_SERVER_ERROR' } }),
      () => ({ status: 201, body: message('m1', 1, { fromMe: true }) }),
    ];
    const { calls, fetch } = fakeFetch(() => answers.shift()!());
    const input = renderInput();
    await userEvent.type(input, 'Só uma vez{Enter}');

    await waitFor(() => expect(input.value).toBe(''));
    expect(calls.map((c) => c.body)).toEqual([{ body: 'Só uma vez' }, { body: 'Só uma vez' }, { body: 'Só uma vez' }]);
    const keys = keysOf(fetch);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps the text and its key while a send stays unresolved; sending it again reuses the key, a new reply gets a new one', async () => {
    let reachable = false;
    const { fetch } = fakeFetch(() => (reachable ? { status: 201, body: message('m1', 1, { fromMe: true }) } : Promise.reject(new TypeError('Failed to fetch'))));
    const input = renderInput();
    await userEvent.type(input, 'Não me perca{Enter}');

    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy();
    expect(input.value).toBe('Não me perca');
    reachable = true;
    await userEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(input.value).toBe(''));
    const [first, ...retries] = keysOf(fetch);
    expect(retries).toEqual([first, first, first]);

    await userEvent.type(input, 'Outra resposta{Enter}');
    await waitFor(() => expect(input.value).toBe(''));
    expect(keysOf(fetch).at(-1)).not.toBe(first);
  });

  it('cannot be used while the ticket is not open', () => {
    const input = renderInput(true);
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Accept or reopen the ticket to reply');
  });
});
