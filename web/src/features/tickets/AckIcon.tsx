import type { Ack } from '@atendo/contracts';
import { Colors, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * 0 a clock (also while WhatsApp has not said whether an unconfirmed send arrived), 1 one tick, 2 two ticks, 3 and
 * above (read, played) two blue ticks; a warning only when WhatsApp refused the message.
 */
export function AckIcon({ ack, failed }: { ack: Ack; failed: boolean }) {
  const { t } = useTranslation();
  if (failed && ack === 0) return <Icon icon="warning-sign" size={12} intent="danger" title={t('messages.ack.failed')} />;
  if (ack === 0) return <Icon icon="time" size={12} title={t('messages.ack.pending')} />;
  if (ack === 1) return <Icon icon="small-tick" title={t('messages.ack.sent')} />;
  const read = ack >= 3;
  return (
    <span className="ack-double" role="img" aria-label={read ? t('messages.ack.read') : t('messages.ack.delivered')}>
      <Icon icon="small-tick" color={read ? Colors.BLUE4 : undefined} />
      <Icon icon="small-tick" color={read ? Colors.BLUE4 : undefined} />
    </span>
  );
}
