import type { Ticket } from '@atendo/contracts';
import { Dialog } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TransferForm } from './TransferForm';

interface TransferDialogProps {
  isOpen: boolean;
  ticket: Ticket;
  onClose(): void;
  /** With the ticket as the server answered it. */
  onTransferred(ticket: Ticket): void;
}

const WIDTH = { width: 'min(480px, calc(100vw - 24px))' };

/** Sends the ticket to another queue, user and/or connection. The form starts afresh at each opening. */
export function TransferDialog({ isOpen, ticket, onClose, onTransferred }: TransferDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('tickets.transfer.title')} icon="exchange" style={WIDTH}>
      <TransferForm ticket={ticket} onCancel={onClose} onTransferred={onTransferred} />
    </Dialog>
  );
}
