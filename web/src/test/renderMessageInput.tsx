import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MessageInput } from '../features/tickets/MessageInput';
import { ticketsApi } from '../features/tickets/ticketsApi';

/**
 * For the tests: ticket 1's message input, signed in, sending through ticketsApi (texts and media); `props` change it
 * (disabled, the retry delays, the tools: the quick answers' tests show theirs in it). Answers the text box.
 */
export function renderMessageInput(props: Partial<ComponentProps<typeof MessageInput>> = {}) {
  localStorage.setItem('token', 'jwt');
  render(<MessageInput disabled={false} onSend={(body, key) => ticketsApi.send(1, { body }, key)} onSendMedia={(draft, key) => ticketsApi.sendMedia(1, draft, key)} {...props} />);
  return screen.getByLabelText<HTMLTextAreaElement>('Message');
}
