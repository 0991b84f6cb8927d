import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me, message } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { MessageBubble } from './MessageBubble';

describe('deleting one’s own message', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('is offered on one’s own sent message only, asks first, then calls DELETE /messages/{id}', async () => {
    const { calls } = fakeFetch((call) => (call.method === 'DELETE' ? { body: { message: 'Message deleted' } } : { status: 404, body: {} }));
    renderSignedIn(
      <>
        <MessageBubble message={message('mine', 1, { fromMe: true, userId: me.id, body: 'Minha' })} />
        <MessageBubble message={message('colleague', 1, { fromMe: true, userId: me.id + 1, body: 'Do colega' })} />
        <MessageBubble message={message('bot', 1, { fromMe: true, userId: null, body: 'Do bot' })} />
        <MessageBubble message={message('customer', 1, { body: 'Do cliente' })} />
        <MessageBubble message={message('gone', 1, { fromMe: true, userId: me.id, isDeleted: true })} />
        <MessageBubble message={message('peeked', 1, { fromMe: true, userId: me.id })} readOnly />
      </>,
    );
    expect(screen.getAllByTestId('message-delete')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('message-delete'));
    expect(calls).toEqual([]);
    fireEvent.click(await screen.findByText('Delete'));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /messages/mine']));
  });
});
