import type { Contact, Ticket } from '@atendo/contracts';
import { Dialog } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NewTicketForm } from './NewTicketForm';

interface NewTicketDialogProps {
  isOpen: boolean;
  /** Start with this contact chosen (the contacts page). */
  contact?: Contact;
  onClose(): void;
  /** With the ticket as the server created it: open, and the caller's. */
  onCreated(ticket: Ticket): void;
}

const WIDTH = { width: 'min(480px, calc(100vw - 24px))' };

/** Starts a conversation with a known contact. The form starts afresh at each opening. */
export function NewTicketDialog({ isOpen, contact, onClose, onCreated }: NewTicketDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('tickets.newTicket.title')} icon="add" style={WIDTH}>
      <NewTicketForm contact={contact} onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  );
}
