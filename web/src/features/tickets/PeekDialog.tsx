import type { Ticket } from '@atendo/contracts';
import { Button, Classes, Dialog, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList';
import './peekDialog.css';

interface PeekDialogProps {
  isOpen: boolean;
  ticket: Ticket;
  onClose(): void;
}

/**
 * An admin's look into a waiting ticket (spec §2): its messages, read-only, kept current by the feed. Reading them
 * leaves the ticket as it was: not accepted, its unread count untouched (the server marks messages read only for
 * the ticket's own agent).
 */
export function PeekDialog({ isOpen, ticket, onClose }: PeekDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('tickets.peek.title', { name: ticket.contact.name })} icon="eye-open" className="peek-dialog">
      <div className="peek-dialog-body" data-testid="peek-dialog">
        <p className={`${Classes.TEXT_MUTED} peek-dialog-note`}>{t('tickets.peek.readOnly')}</p>
        <MessageList ticketId={ticket.id} readOnly />
      </div>
      <DialogFooter actions={<Button text={t('tickets.peek.close')} onClick={onClose} data-testid="peek-close" />} />
    </Dialog>
  );
}
