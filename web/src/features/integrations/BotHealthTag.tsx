import type { BotHealth } from '@atendo/contracts';
import { Intent, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../ui/dates';

/**
 * A prompt's or an integration's outside calls, as its row shows them: nothing while they work, a red tag while they
 * fail, its tooltip saying the last error and when.
 */
export function BotHealthTag({ health }: { health: BotHealth }) {
  const { t } = useTranslation();
  if (health.status !== 'failing') return null;
  const content = (
    <div className="bot-health-tooltip" data-testid="bot-health-tooltip">
      <div>{t('prompts.health.lastError', { error: health.lastError ?? '' })}</div>
      {health.lastErrorAt && <div>{t('prompts.health.since', { date: formatDate(health.lastErrorAt), time: formatTime(health.lastErrorAt) })}</div>}
    </div>
  );
  return (
    <Tooltip content={content} placement="top">
      <Tag intent={Intent.DANGER} icon="error" minimal round data-testid="bot-health-failing" tabIndex={0}>
        {t('prompts.health.failing')}
      </Tag>
    </Tooltip>
  );
}
