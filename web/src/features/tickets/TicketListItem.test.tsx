import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ticket } from '../../test/fixtures';
import { TicketListItem } from './TicketListItem';

const row = (chatbot: boolean) => render(<ul><TicketListItem ticket={ticket(1, { status: 'pending', chatbot })} selected={false} onOpen={() => undefined} onAccept={() => undefined} /></ul>);

describe('ticket list item', () => {
  it('says when the chatbot is talking to the customer', () => {
    row(true);
    expect(screen.getByTestId('ticket-chatbot').textContent).toBe('Bot');
    expect(screen.getByTestId('ticket-chatbot').getAttribute('title')).toBe('The chatbot is talking to this customer');
  });
  it('shows nothing of the bot once it is done', () => {
    row(false);
    expect(screen.queryByTestId('ticket-chatbot')).toBeNull();
  });
});
