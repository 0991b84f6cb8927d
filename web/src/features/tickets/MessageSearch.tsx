import type { Message } from '@atendo/contracts';
import { Button, Classes, InputGroup, Menu, MenuItem, NonIdealState, Popover, Spinner } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteSearch } from '../../ui/useRemoteSearch';
import { ticketsApi } from './ticketsApi';

/** Shows a found message in the conversation when it is loaded (the list keeps recent pages). */
function reveal(messageId: string) {
  const bubble = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
  if (!bubble) return false;
  bubble.scrollIntoView({ block: 'center', behavior: 'smooth' });
  bubble.classList.add('message-found');
  setTimeout(() => bubble.classList.remove('message-found'), 2_000);
  return true;
}

/** Search within a ticket (issue 12): its messages holding the typed text, newest first, from the 3rd character. */
export function MessageSearch({ ticketId }: { ticketId: number }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useCallback(async (searchParam: string) => (await ticketsApi.searchMessages(ticketId, searchParam)).messages, [ticketId]);
  const found = useRemoteSearch<Message>(text, search);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const results = found.tooShort ? null : found.searching ? (
    <Spinner size={20} />
  ) : found.items.length === 0 ? (
    <NonIdealState icon="search" description={t('messages.search.none')} />
  ) : (
    <Menu data-testid="message-search-results">
      {found.items.map((m) => (
        <MenuItem
          key={m.id}
          multiline
          icon={m.fromMe ? 'arrow-right' : 'arrow-left'}
          text={m.body}
          label={when(m.createdAt)}
          onClick={() => {
            if (reveal(m.id)) setOpen(false);
          }}
        />
      ))}
    </Menu>
  );

  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      content={
        <div className="message-search" data-testid="message-search">
          <InputGroup
            autoFocus
            leftIcon="search"
            aria-label={t('messages.search.label')}
            placeholder={t('messages.search.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="message-search-input"
          />
          <div className={Classes.TEXT_MUTED}>{found.tooShort ? t('messages.search.hint') : null}</div>
          {results}
        </div>
      }
    >
      <Button icon="search" variant="minimal" aria-label={t('messages.search.label')} title={t('messages.search.label')} data-testid="message-search-open" />
    </Popover>
  );
}
