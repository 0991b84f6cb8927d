import type { Message } from '@atendo/contracts';
import { Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A call the customer made on WhatsApp (recorded, not answered here): voice or video, as its text says. */
export function CallLogLine({ message }: { message: Message }) {
  const { t } = useTranslation();
  const video = /v[ií]deo/i.test(message.body);
  return (
    <div className={`message-call ${Classes.TEXT_MUTED}`} data-testid="message-call">
      <Icon icon={video ? 'video' : 'phone'} size={14} /> {video ? t('messages.media.videoCall') : t('messages.media.voiceCall')}
    </div>
  );
}
