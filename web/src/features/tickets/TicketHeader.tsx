import type { Ticket } from '@atendo/contracts';
import { Classes, H4 } from '@blueprintjs/core';
import { TicketActions } from './TicketActions';

interface TicketHeaderProps {
  ticket: Ticket;
  onChanged(): void;
}

export function TicketHeader({ ticket, onChanged }: TicketHeaderProps) {
  return (
    <header className="ticket-header">
      <div className="ticket-header-contact">
        <H4 className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{ticket.contact.name}</H4>
        <a className={Classes.TEXT_MUTED} href={`tel:${ticket.contact.number}`}>
          {ticket.contact.number}
        </a>
      </div>
      <TicketActions ticket={ticket} onChanged={onChanged} />
    </header>
  );
}
