import type { Ticket } from '@atendo/contracts';
import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { TicketList } from './TicketList';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

interface TicketSearchProps {
  showAll: boolean;
  selectedUuid: string | undefined;
  onOpen(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  /** Clearing the box leaves the search. */
  onClear(): void;
}

export function TicketSearch({ showAll, selectedUuid, onOpen, onAccept, onClear }: TicketSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const searchParam = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('tickets.searchLabel')}
        placeholder={t('tickets.searchPlaceholder')}
        value={text}
        autoFocus
        className="ticket-search"
        data-testid="ticket-search"
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (event.currentTarget.value === '') onClear();
        }}
      />
      {searchParam && (
        <TicketList query={{ searchParam, showAll }} selectedUuid={selectedUuid} onOpen={onOpen} onAccept={onAccept} />
      )}
    </>
  );
}
