import type { Message } from '@atendo/contracts';
import { AnchorButton, Card, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/dates';
import { AckIcon } from './AckIcon';

/** A message: the customer's on the left, ours (fromMe) on the right. */
export function MessageBubble({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { quotedMsg } = message;
  return (
    <div className={message.fromMe ? 'message-row message-row-me' : 'message-row'}>
      <Card
        className="message-bubble"
        data-testid="message-bubble"
        data-message-id={message.id}
        data-from-me={String(message.fromMe)}
        data-ack={message.ack}
        data-failed={String(message.failed)}
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
        {message.mediaUrl &&
          (message.mediaType === 'image' ? (
            <img className="message-image" src={message.mediaUrl} alt={message.body} />
          ) : (
            <AnchorButton variant="minimal" icon="paperclip" href={message.mediaUrl} target="_blank" rel="noreferrer" text={t('messages.attachment')} />
          ))}
        {message.body && <div className={message.isDeleted ? 'message-body message-body-deleted' : 'message-body'}>{message.body}</div>}
        <div className={`message-meta ${Classes.TEXT_MUTED}`}>
          {message.isEdited && <span>{t('messages.edited')}</span>}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.fromMe && <AckIcon ack={message.ack} failed={message.failed} />}
        </div>
      </Card>
    </div>
  );
}
