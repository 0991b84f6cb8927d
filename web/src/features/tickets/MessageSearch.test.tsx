import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { MessageSearch } from './MessageSearch';

const found = (id: string, body: string, fromMe = false) => ({ id, body, fromMe, createdAt: '2026-11-25T10:00:00.000Z' });

describe('search within a ticket', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server from the 3rd character, once the typing pauses, and lists what it found', async () => {
    const { calls } = fakeFetch((call) =>
      call.url.startsWith('/messages/7/search') ? { body: { messages: [found('m2', 'Segue o BOLETO', true), found('m1', 'Quero o boleto')] } } : { status: 404, body: {} },
    );
    render(<MessageSearch ticketId={7} />);
    fireEvent.click(screen.getByTestId('message-search-open'));
    const input = await screen.findByTestId('message-search-input');
    fireEvent.change(input, { target: { value: 'bo' } });
    expect(await screen.findByText('Type at least 3 characters')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'bol' } });
    fireEvent.change(input, { target: { value: 'bolet' } });
    await waitFor(() => expect(screen.getByTestId('message-search-results').textContent).toContain('Segue o BOLETO'), { timeout: 2_000 });
    expect(calls.map((c) => c.url)).toEqual(['/messages/7/search?searchParam=bolet']);
    expect(screen.getByTestId('message-search-results').textContent).toContain('Quero o boleto');
  });

  it('says so when nothing holds the text', async () => {
    fakeFetch(() => ({ body: { messages: [] } }));
    render(<MessageSearch ticketId={7} />);
    fireEvent.click(screen.getByTestId('message-search-open'));
    fireEvent.change(await screen.findByTestId('message-search-input'), { target: { value: 'nada disso' } });
    expect(await screen.findByText('No message holds this text', undefined, { timeout: 2_000 })).toBeTruthy();
  });
});
