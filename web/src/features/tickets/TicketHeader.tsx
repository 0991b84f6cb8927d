import type { Ticket } from '@atendo/contracts';
import { Classes, H4 } from '@blueprintjs/core';
import { MessageSearch } from './MessageSearch';
import { TicketActions } from './TicketActions';
import { TicketOptions } from './TicketOptions';
import './ticketHeader.css';

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
      <div className="ticket-header-actions">
        <MessageSearch ticketId={ticket.id} />
        <TicketActions ticket={ticket} onChanged={onChanged} />
        <TicketOptions ticket={ticket} onChanged={onChanged} />
      </div>
    </header>
  );
}
