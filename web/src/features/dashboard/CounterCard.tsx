import { Card, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Trend } from './figures';

interface CounterCardProps {
  id: string;
  label: string;
  /** The value as shown (a count, or minutes formatted). */
  value: string;
  trend: Trend;
}

/** One counter of the period, and how it moved since the previous period of the same length (green: better). */
export function CounterCard({ id, label, value, trend }: CounterCardProps) {
  return (
    <Card className="dashboard-counter" data-testid={`dashboard-counter-${id}`}>
      <span className={`dashboard-counter-label ${Classes.TEXT_MUTED}`}>{label}</span>
      <span className="dashboard-counter-value" data-testid={`dashboard-counter-${id}-value`}>
        {value}
      </span>
      <TrendLine id={id} trend={trend} />
    </Card>
  );
}

function TrendLine({ id, trend }: { id: string; trend: Trend }) {
  const { t } = useTranslation();
  const testId = `dashboard-counter-${id}-trend`;
  if (trend.direction === 'none') return null;
  if (trend.direction === 'same' || trend.direction === 'new') {
    return (
      <span className={`dashboard-trend ${Classes.TEXT_MUTED}`} data-testid={testId} data-direction={trend.direction} data-tone={trend.tone}>
        {t(`dashboard.trend.${trend.direction}`)}
      </span>
    );
  }
  const percent = `${trend.percent ?? 0}%`;
  const said = t(`dashboard.trend.${trend.direction}`, { percent });
  return (
    <span className={`dashboard-trend dashboard-trend-${trend.tone}`} data-testid={testId} data-direction={trend.direction} data-tone={trend.tone} title={said}>
      <Icon icon={trend.direction === 'up' ? 'arrow-up' : 'arrow-down'} size={12} aria-hidden />
      <span aria-hidden>{percent}</span>
      <span className="dashboard-visually-hidden">{said}</span>
    </span>
  );
}
