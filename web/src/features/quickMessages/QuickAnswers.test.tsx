import type { QuickMessage } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { message } from '../../test/fixtures';
import { renderMessageInput } from '../../test/renderMessageInput';
import type { MessageInputTool } from '../feature';
import { quickMessage } from './fixtures';
import { useQuickAnswers } from './QuickAnswers';
import type { QuickAnswerSource } from './useQuickAnswerSource';

const RECORDS: QuickMessage[] = [
  quickMessage(1, { shortcode: 'shipping', message: 'Shipping takes three to five working days across the country' }),
  quickMessage(2, { shortcode: 'hello', message: 'Hello! How can I help?' }),
  quickMessage(3, { shortcode: 'Showroom', message: 'Our showroom opens at 9' }),
  quickMessage(4, { shortcode: 'prices', message: 'Our prices', mediaPath: '/public/7/prices.pdf', mediaName: 'prices.pdf' }),
];

const options = () => screen.queryAllByTestId('quick-answer').map((o) => o.textContent);
const selected = () => screen.queryAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.textContent;

describe('quick answers in the message input', () => {
  let source: QuickAnswerSource;

  beforeEach(() => {
    source = { records: RECORDS, request: vi.fn() };
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The quick answers' tool, from the test's records instead of the server's. */
  const useTestQuickAnswers: MessageInputTool = (text, target) => useQuickAnswers(source, text, target);
  const renderInput = () => renderMessageInput({ retryDelaysMs: [0, 0], tools: [useTestQuickAnswers] });

  it('suggests nothing for a slash alone, nor for text without a leading slash', async () => {
    fakeFetch(() => ({ status: 404 }));
    const input = renderInput();
    await userEvent.type(input, '/');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(source.request).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'sh');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('lists the shortcodes holding the typed text, whatever the case, those starting with it first; labels cut at 35', async () => {
    fakeFetch(() => ({ status: 404 }));
    const input = renderInput();
    await userEvent.type(input, '/sh');
    expect(source.request).toHaveBeenCalled();
    const list = screen.getByRole('listbox', { name: 'Quick answers' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['shipping - Shipping takes three to…', 'Showroom - Our showroom opens at 9']);
    expect('shipping - Shipping takes three to '.length).toBe(35);
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);

    await userEvent.type(input, 'o');
    expect(options()).toEqual(['Showroom - Our showroom opens at 9']);
    await userEvent.type(input, 'x');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrow keys and picks with Enter: the text becomes its message, nothing is sent', async () => {
    const { calls } = fakeFetch(() => ({ body: message('m1', 1) }));
    const input = renderInput();
    await userEvent.type(input, '/sh');
    expect(selected()).toBe('shipping - Shipping takes three to…');
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe('Showroom - Our showroom opens at 9');
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe('shipping - Shipping takes three to…');
    await userEvent.keyboard('{ArrowUp}');
    expect(selected()).toBe('Showroom - Our showroom opens at 9');
    await userEvent.keyboard('{Enter}');

    expect(input.value).toBe('Our showroom opens at 9');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls).toEqual([]);

    await userEvent.keyboard('{Enter}');
    expect(calls).toEqual([{ method: 'POST', url: '/messages/1', token: 'jwt', body: { body: 'Our showroom opens at 9' } }]);
  });

  it('picks with a click, and Escape closes the list until the text changes', async () => {
    fakeFetch(() => ({ status: 404 }));
    const input = renderInput();
    await userEvent.type(input, '/he');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('/he');
    await userEvent.type(input, 'l');
    await userEvent.click(screen.getByText('hello - Hello! How can I help?'));
    expect(input.value).toBe('Hello! How can I help?');
    expect(document.activeElement).toBe(input);
  });

  it('adds the file of a quick message that has one to the attachments to send', async () => {
    const { calls, fetch } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/public/7/prices.pdf') return { body: 'pdf bytes' };
      if (call.method === 'POST' && call.url === '/messages/1') return { body: message('m2', 1) };
      return { status: 404 };
    });
    const input = renderInput();
    await userEvent.type(input, '/pri{Enter}');
    expect(input.value).toBe('Our prices');

    const files = await screen.findByTestId('attach-files');
    expect(within(files).getByText('prices.pdf')).toBeTruthy();
    await userEvent.click(screen.getByTestId('attach-send'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/messages/1']));
    const [, init] = fetch.mock.calls.find(([url, i]) => String(url) === '/messages/1' && (i as RequestInit).method === 'POST')!;
    expect(((init as RequestInit).body as FormData).getAll('medias').map((f) => (f as File).name)).toEqual(['prices.pdf']);
  });
});
