import type { CampaignStatus } from '@atendo/contracts';
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const INTENT: Record<CampaignStatus, Intent> = {
  INATIVA: Intent.NONE,
  PROGRAMADA: Intent.PRIMARY,
  EM_ANDAMENTO: Intent.WARNING,
  CANCELADA: Intent.DANGER,
  FINALIZADA: Intent.SUCCESS,
};

/** A campaign's status, translated and coloured. */
export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round intent={INTENT[status]} data-testid="campaign-status" data-status={status}>
      {t(`campaigns.statuses.${status}`)}
    </Tag>
  );
}
