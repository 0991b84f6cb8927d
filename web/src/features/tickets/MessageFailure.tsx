import type { Message } from '@atendo/contracts';
import { Button, Classes, Icon, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../ui/toaster';
import { newIdempotencyKey } from './idempotencyKey';
import { ticketsApi } from './ticketsApi';

/**
 * Under one of our messages that never reached the customer: why, and for a text a "Send again" that sends the same
 * text as a new message (it arrives in the list through the feed like any reply); `readOnly`, the reason alone.
 */
export function MessageFailure({ message, readOnly = false }: { message: Message; readOnly?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  // One key for this failed message's resend: a second click after an unknown outcome cannot make a second message.
  const [key] = useState(newIdempotencyKey);

  const resend = () => {
    setState('sending');
    ticketsApi.send(message.ticketId, { body: message.body }, key).then(
      () => setState('sent'),
      (error: unknown) => {
        toastError(error);
        setState('idle');
      },
    );
  };

  return (
    <div className="message-failure" data-testid="message-failure">
      <span className={Classes.INTENT_DANGER}>
        <Icon icon="warning-sign" size={12} intent={Intent.DANGER} />{' '}
        {message.failureReason ? t('messages.failure.reason', { reason: message.failureReason }) : t('messages.ack.failed')}
      </span>
      {message.mediaType === 'chat' &&
        !message.isDeleted &&
        !readOnly &&
        (state === 'sent' ? (
          <span className={Classes.TEXT_MUTED}>{t('messages.failure.sentAgain')}</span>
        ) : (
          <Button size="small" variant="minimal" icon="refresh" intent={Intent.PRIMARY} text={t('messages.failure.sendAgain')} loading={state === 'sending'} onClick={resend} />
        ))}
    </div>
  );
}
