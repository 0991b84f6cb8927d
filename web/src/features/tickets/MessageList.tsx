import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble } from './MessageBubble';
import { useMessages } from './useMessages';

/** Spec §9: older messages load when the scroll top is under 50 px. */
const LOAD_OLDER_DISTANCE = 50;

interface MessageListProps {
  ticketId: number;
  /** Shown only (an admin's peek): nothing to act on, such as sending a failed message again. */
  readOnly?: boolean;
}

export function MessageList({ ticketId, readOnly = false }: MessageListProps) {
  const { t } = useTranslation();
  const { messages, loading, loadOlder } = useMessages(ticketId);
  const ref = useRef<HTMLDivElement>(null);
  const seen = useRef({ first: undefined as string | undefined, last: undefined as string | undefined, height: 0 });

  // A new last message scrolls to the bottom; an older page on top keeps the messages in view where they were.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages[messages.length - 1]?.id;
    if (last !== seen.current.last) el.scrollTop = el.scrollHeight;
    else if (first !== seen.current.first) el.scrollTop += el.scrollHeight - seen.current.height;
    seen.current = { first, last, height: el.scrollHeight };
    // A first page that does not fill the pane gives nothing to scroll: fetch older ones until it does.
    if (el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) loadOlder();
  }, [messages, loadOlder]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (event.currentTarget.scrollTop < LOAD_OLDER_DISTANCE) loadOlder();
  };

  return (
    <div className="message-list" ref={ref} onScroll={onScroll} data-testid="message-list">
      {loading && <Spinner size={24} className="message-list-spinner" />}
      {messages.length === 0 && !loading && <NonIdealState icon="chat" description={t('messages.empty')} />}
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} readOnly={readOnly} />
      ))}
    </div>
  );
}
