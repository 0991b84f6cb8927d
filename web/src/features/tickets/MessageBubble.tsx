import type { Message } from '@atendo/contracts';
import { Card, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/dates';
import { AckIcon } from './AckIcon';
import { DeleteMessageButton } from './DeleteMessageButton';
import { MessageFailure } from './MessageFailure';
import { captionOf, MessageMedia } from './MessageMedia';

/**
 * A message: the customer's on the left, ours (fromMe) on the right; one of ours that failed says why under it, and
 * unless `readOnly` offers to send it again.
 */
export function MessageBubble({ message, readOnly = false }: { message: Message; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { quotedMsg } = message;
  const text = captionOf(message);
  return (
    <div className={message.fromMe ? 'message-row message-row-me' : 'message-row'}>
      <Card
        className="message-bubble"
        data-testid="message-bubble"
        data-message-id={message.id}
        data-from-me={String(message.fromMe)}
        data-ack={message.ack}
        data-failed={String(message.failed)}
        data-media-type={message.mediaType}
      >
        {quotedMsg && (
          <blockquote className={`${Classes.BLOCKQUOTE} message-quote`}>
            {quotedMsg.contact && <strong>{quotedMsg.contact.name}</strong>}
            <div>{quotedMsg.body}</div>
          </blockquote>
        )}
        {message.isDeleted && (
          <div className={Classes.TEXT_MUTED}>
            <Icon icon="disable" size={12} /> {t('messages.deleted')}
          </div>
        )}
        <MessageMedia message={message} />
        {text && <div className={message.isDeleted ? 'message-body message-body-deleted' : 'message-body'}>{text}</div>}
        <div className={`message-meta ${Classes.TEXT_MUTED}`}>
          {message.isEdited && <span>{t('messages.edited')}</span>}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.fromMe && <AckIcon ack={message.ack} failed={message.failed} />}
          {!readOnly && <DeleteMessageButton message={message} />}
        </div>
      </Card>
      {message.fromMe && message.failed && <MessageFailure message={message} readOnly={readOnly} />}
    </div>
  );
}
