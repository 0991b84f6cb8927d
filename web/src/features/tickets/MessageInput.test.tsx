import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { message } from '../../test/fixtures';
import { MessageInput } from './MessageInput';
import { ticketsApi } from './ticketsApi';

function renderInput(disabled = false) {
  localStorage.setItem('token', 'jwt');
  render(<MessageInput disabled={disabled} onSend={(body) => ticketsApi.send(1, { body })} />);
  return screen.getByLabelText<HTMLTextAreaElement>('Message');
}

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

  it('cannot be used while the ticket is not open', () => {
    const input = renderInput(true);
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Accept or reopen the ticket to reply');
  });
});
