import type { IntegrationType } from '@atendo/contracts';
import { Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/** Each type's mark in the list (spec: "type logo"). */
const LOOK: Record<IntegrationType, { icon: IconName; color: string }> = {
  dialogflow: { icon: 'predictive-analysis', color: '#f29900' },
  n8n: { icon: 'data-connection', color: '#ea4b71' },
  webhook: { icon: 'globe-network', color: '#2d72d2' },
  typebot: { icon: 'chat', color: '#0042da' },
  flowbuilder: { icon: 'flow-branch', color: '#238551' },
};

export function IntegrationTypeTag({ type }: { type: IntegrationType }) {
  const { t } = useTranslation();
  const look = LOOK[type];
  return (
    <Tag icon={look.icon} round style={{ backgroundColor: look.color, color: '#fff' }} data-testid="integration-type-tag" data-type={type}>
      {t(`integrations.types.${type}`)}
    </Tag>
  );
}
