import type { Ticket } from '@atendo/contracts';
import { Button, Classes, Colors, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatListTime } from '../../ui/dates';
import { useCan } from '../../app/useCan';
import { PeekDialog } from './PeekDialog';

interface TicketListItemProps {
  ticket: Ticket;
  selected: boolean;
  onOpen(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
}

/** A row of a ticket list. Pending tickets cannot be opened, only accepted; admins may peek into them. */
export function TicketListItem({ ticket, selected, onOpen, onAccept }: TicketListItemProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [peeking, setPeeking] = useState(false);
  const pending = ticket.status === 'pending';
  const peekable = pending && can('tickets:peek');
  const unread = selected ? 0 : ticket.unreadMessages;
  const content = (
    <>
      <span className="ticket-row-line">
        <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{ticket.contact.name}</strong>
        <time className={Classes.TEXT_MUTED} dateTime={ticket.updatedAt}>
          {formatListTime(ticket.updatedAt)}
        </time>
      </span>
      <span className="ticket-row-line">
        <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.TEXT_MUTED}`}>{ticket.lastMessage}</span>
        {ticket.chatbot && (
          <Tag minimal round icon="chat" title={t('tickets.chatbotTitle')} data-testid="ticket-chatbot">
            {t('tickets.chatbot')}
          </Tag>
        )}
        {unread > 0 && (
          <Tag round intent={Intent.SUCCESS} aria-label={t('tickets.unread', { count: unread })} data-testid="ticket-unread">
            {unread}
          </Tag>
        )}
      </span>
    </>
  );

  return (
    <li
      className={selected ? 'ticket-row ticket-row-selected' : 'ticket-row'}
      data-testid="ticket-list-item"
      data-ticket-uuid={ticket.uuid}
      data-status={ticket.status}
    >
      <span
        className="ticket-row-queue"
        style={{ backgroundColor: ticket.queue?.color ?? Colors.GRAY4 }}
        title={ticket.queue?.name}
      />
      {pending ? (
        <span className="ticket-row-body">{content}</span>
      ) : (
        <button type="button" className="ticket-row-body" aria-current={selected || undefined} onClick={() => onOpen(ticket)}>
          {content}
        </button>
      )}
      {peekable && (
        <Button
          size="small"
          variant="minimal"
          icon="eye-open"
          aria-label={t('tickets.peek.open')}
          title={t('tickets.peek.open')}
          data-testid="ticket-peek"
          onClick={() => setPeeking(true)}
        />
      )}
      {pending && (
        <Button
          size="small"
          intent={Intent.PRIMARY}
          text={t('tickets.actions.accept')}
          data-testid="ticket-accept"
          onClick={() => onAccept(ticket)}
        />
      )}
      {peekable && <PeekDialog isOpen={peeking} ticket={ticket} onClose={() => setPeeking(false)} />}
    </li>
  );
}
