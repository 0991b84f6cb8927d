import type { Contact } from '@atendo/contracts';
import { useNavigate } from 'react-router-dom';
import { NewTicketDialog } from './NewTicketDialog';

/** The new-ticket dialog for a contact of the contacts page (its `contactActions` part): the ticket opens once created. */
export function ContactTicketDialog({ contact, onClose }: { contact: Contact; onClose(): void }) {
  const navigate = useNavigate();
  return <NewTicketDialog isOpen contact={contact} onClose={onClose} onCreated={(ticket) => navigate(`/tickets/${ticket.uuid}`)} />;
}
