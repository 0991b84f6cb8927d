import type { Ticket } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import type { TicketListQuery } from './ticketsApi';
import { TicketListItem } from './TicketListItem';
import { useTicketList } from './useTicketList';

/** Spec §9: the next page loads within 100 px of the bottom. */

interface TicketListProps {
  query: TicketListQuery;
  selectedUuid: string | undefined;
  onOpen(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  onCountChange?(count: number): void;
}

export function TicketList({ query, selectedUuid, onOpen, onAccept, onCountChange }: TicketListProps) {
  const { t } = useTranslation();
  const { tickets, count, loading, loadMore } = useTicketList(query);

  useEffect(() => onCountChange?.(count), [count, onCountChange]);
  const { ref: ref, onScroll } = useInfiniteScroll(loadMore, tickets);

  return (
    <div className="ticket-list" ref={ref} onScroll={onScroll} data-testid="ticket-list">
      {tickets.length === 0 && !loading ? (
        <NonIdealState icon="inbox" description={t('tickets.empty')} />
      ) : (
        <ul>
          {tickets.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              onOpen={onOpen}
              onAccept={onAccept}
            />
          ))}
        </ul>
      )}
      {loading && <Spinner size={24} className="ticket-list-spinner" />}
    </div>
  );
}
