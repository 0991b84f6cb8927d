import type { Ticket } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { partsOf } from '../../app/parts';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError } from '../../ui/toaster';
import { MessageInput } from './MessageInput';
import { MessageList } from './MessageList';
import { TicketHeader } from './TicketHeader';
import { ticketsApi } from './ticketsApi';

/** The open ticket: header with actions, messages and the input. Mount it with `key={uuid}`. */
export function TicketChat({ uuid }: { uuid: string }) {
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<Ticket>();

  const load = useCallback(() => {
    ticketsApi.byUuid(uuid).then(setTicket, (error: unknown) => {
      toastError(error);
      navigate('/tickets');
    });
  }, [uuid, navigate]);

  useEffect(load, [load]);
  useFeedReload(load);
  useFeed('ticket', (payload) => {
    if (payload.action === 'update' && payload.ticket.uuid === uuid) setTicket(payload.ticket);
    if (payload.action === 'delete' && payload.ticketId === ticket?.id) navigate('/tickets');
  });

  if (!ticket) return <NonIdealState icon={<Spinner />} />;
  return (
    <section className="ticket-chat" aria-label={ticket.contact.name}>
      <TicketHeader ticket={ticket} onChanged={load} />
      <MessageList ticketId={ticket.id} />
      <MessageInput
        disabled={ticket.status !== 'open'}
        onSend={(body, key) => ticketsApi.send(ticket.id, { body }, key)}
        onSendMedia={(draft, key) => ticketsApi.sendMedia(ticket.id, draft, key)}
        tools={partsOf('messageInputTools')}
      />
    </section>
  );
}
