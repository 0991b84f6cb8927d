import type { Ticket } from '@atendo/contracts';
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { userAtom } from '../../app/sessionAtoms';
import { ContactDrawer } from './ContactDrawer';
import { ticketAction } from './ticketActions';
import { ticketOptionsFor, type TicketOptionId } from './ticketOptions';
import { ticketsApi } from './ticketsApi';
import { TransferDialog } from './TransferDialog';
import { useTicketAction } from './useTicketAction';

interface TicketOptionsProps {
  ticket: Ticket;
  /** Called after a change that keeps the ticket on screen (a transfer to oneself). */
  onChanged(): void;
}

type Opened = Exclude<TicketOptionId, 'return'>;

/** The "more" menu of the ticket's header: transfer, return to queue, contact details and, for admins, delete. */
export function TicketOptions({ ticket, onChanged }: TicketOptionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const runAction = useTicketAction();
  const [opened, setOpened] = useState<Opened>();
  const close = () => setOpened(undefined);

  const choose: Record<TicketOptionId, () => void> = {
    transfer: () => setOpened('transfer'),
    return: () => void runAction(ticket, ticketAction('return')),
    contact: () => setOpened('contact'),
    delete: () => setOpened('delete'),
  };

  /** Still ours only when it came back open with us as its user; otherwise it left our view (spec §4). */
  const transferred = (updated: Ticket) => {
    close();
    if (updated.status === 'open' && updated.userId === user?.id) onChanged();
    else navigate('/tickets');
  };

  const remove = async () => {
    await ticketsApi.remove(ticket.id);
    navigate('/tickets');
  };

  return (
    <>
      <Popover
        placement="bottom-end"
        content={
          <Menu aria-label={t('tickets.options.label')}>
            {ticketOptionsFor(user, ticket).map((option) => (
              <MenuItem
                key={option.id}
                icon={option.icon}
                intent={option.intent}
                text={t(`tickets.options.${option.id}`)}
                data-testid={`ticket-option-${option.id}`}
                onClick={choose[option.id]}
              />
            ))}
          </Menu>
        }
      >
        <Button variant="minimal" icon="more" aria-label={t('tickets.options.label')} title={t('tickets.options.label')} data-testid="ticket-options" />
      </Popover>
      <TransferDialog isOpen={opened === 'transfer'} ticket={ticket} onClose={close} onTransferred={transferred} />
      <ContactDrawer isOpen={opened === 'contact'} ticket={ticket} onClose={close} />
      <ConfirmDialog
        isOpen={opened === 'delete'}
        title={t('tickets.deleteDialog.title')}
        confirmText={t('tickets.deleteDialog.confirm')}
        cancelText={t('tickets.deleteDialog.cancel')}
        onConfirm={remove}
        onClose={close}
        testId="ticket-delete-confirm"
      >
        {t('tickets.deleteDialog.text', { name: ticket.contact.name })}
      </ConfirmDialog>
    </>
  );
}
