import type { CampaignTimelinePoint } from '@atendo/contracts';
import { NonIdealState } from '@blueprintjs/core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar as VisxBar } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/dates';
import { axisTicks, timelineBars } from './timeline';

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 40 };
/** A short campaign's few bars stay bars, not blocks. */
const MAX_BAR_WIDTH = 36;

/**
 * Deliveries over time (visx): one stacked bar per minute (or per few minutes on a long campaign), delivered below,
 * failed above. Scaled to its box; colours come from the stylesheet, so it follows the light and dark themes.
 */
export function DeliveryChart({ timeline }: { timeline: CampaignTimelinePoint[] }) {
  const { t } = useTranslation();
  const { bars } = timelineBars(timeline);
  if (bars.length === 0) return <NonIdealState icon="timeline-bar-chart" description={t('campaigns.reportPage.noDeliveries')} />;

  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = axisTicks(Math.max(...bars.map((b) => b.delivered + b.failed)));
  const x = scaleBand<string>({ domain: bars.map((b) => b.at), range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear<number>({ domain: [0, ticks[ticks.length - 1]!], range: [innerHeight, 0] });
  const barWidth = Math.min(MAX_BAR_WIDTH, Math.max(1, x.bandwidth()));
  const labelEvery = Math.max(1, Math.ceil(bars.length / 6));
  const height = (v: number) => innerHeight - y(v);

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="campaign-chart" role="img" aria-label={t('campaigns.reportPage.chart')} data-testid="campaign-chart">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {ticks.map((tick) => (
          <line key={tick} x2={innerWidth} y1={y(tick)} y2={y(tick)} className="campaign-chart-grid" />
        ))}
        {bars.map((bar) => {
          const left = (x(bar.at) ?? 0) + (x.bandwidth() - barWidth) / 2;
          const delivered = height(bar.delivered);
          const failed = height(bar.failed);
          return (
            <g key={bar.at} data-testid="campaign-chart-bar" data-delivered={bar.delivered} data-failed={bar.failed}>
              <title>{`${formatTime(bar.at)}: ${t('campaigns.reportPage.delivered')} ${bar.delivered}, ${t('campaigns.reportPage.failed')} ${bar.failed}`}</title>
              {bar.delivered > 0 && <VisxBar x={left} y={innerHeight - delivered} width={barWidth} height={delivered} className="campaign-chart-delivered" />}
              {bar.failed > 0 && <VisxBar x={left} y={innerHeight - delivered - failed} width={barWidth} height={failed} className="campaign-chart-failed" />}
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          tickFormat={(v) => String(v)}
          axisLineClassName="campaign-chart-axis"
          tickClassName="campaign-chart-label"
          hideTicks
          tickLabelProps={{ className: 'campaign-chart-label', textAnchor: 'end', dx: -4, dy: '0.32em' }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={bars.filter((_, i) => i % labelEvery === 0).map((b) => b.at)}
          tickFormat={(at) => formatTime(at)}
          axisLineClassName="campaign-chart-axis"
          hideTicks
          tickLabelProps={{ className: 'campaign-chart-label', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}
