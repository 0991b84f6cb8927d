import { Callout, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from './dates';
import type { GovernorHold as Hold } from './useSendGovernorHolds';

/** The report's notice: the connection's send governor holds the campaign back until a time, for a reason. */
export function GovernorHoldCallout({ hold }: { hold: Hold }) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.WARNING} icon="pause" data-testid="campaign-deferral" compact>
      {t('campaigns.governor.heldUntil', { time: formatTime(hold.notBefore), reason: t(`campaigns.governor.reasons.${hold.reason}`) })}
    </Callout>
  );
}

/** The connections page's small notice of the same hold. */
export function GovernorHoldTag({ hold }: { hold: Hold }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={Intent.WARNING} icon="pause" data-testid="connection-governor-hold" data-reason={hold.reason}>
      {t('campaigns.governor.connectionHeld', { time: formatTime(hold.notBefore), reason: t(`campaigns.governor.reasons.${hold.reason}`) })}
    </Tag>
  );
}
