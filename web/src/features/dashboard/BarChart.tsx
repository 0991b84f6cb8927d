import { NonIdealState } from '@blueprintjs/core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { useWidth } from './useWidth';

export interface ChartBar {
  key: string;
  /** Under the bar (columns) or beside it (rows). */
  label: string;
  value: number;
}

interface BarChartProps {
  bars: ChartBar[];
  /** What the chart shows: its accessible name, with the total. */
  title: string;
  /** 'columns': upright bars along time; 'rows': one bar a line, long names beside them. */
  layout: 'columns' | 'rows';
  testId: string;
}

const COLUMNS_HEIGHT = 240;
const ROW_HEIGHT = 26;
const MAX_BAR = 40;
const LABEL_WIDTH = 120;

/** Round steps for the value axis: 0 … a round top at or above the largest value, about four of them. */
export function valueTicks(max: number): number[] {
  if (max <= 4) return Array.from({ length: Math.max(1, max) + 1 }, (_, i) => i);
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** The label cut to fit beside a row's bar. */
const cut = (label: string, max = 16) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/**
 * Tickets as bars (visx), drawn at the width of its box; each bar says its label and value (its title is the tooltip)
 * and shows the value at its end when there is room. Colours come from the stylesheet, per theme.
 */
export function BarChart({ bars, title, layout, testId }: BarChartProps) {
  const { t } = useTranslation();
  const { ref, width } = useWidth<HTMLDivElement>(640);
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const label = t('dashboard.charts.summary', { title, count: total });
  return (
    <div ref={ref} className="dashboard-chart-box" data-testid={testId} data-total={total}>
      {total === 0 ? <NonIdealState icon="timeline-bar-chart" description={t('dashboard.charts.empty')} /> : <Bars bars={bars} label={label} layout={layout} testId={testId} width={width} />}
    </div>
  );
}

interface BarsProps {
  bars: ChartBar[];
  label: string;
  layout: BarChartProps['layout'];
  testId: string;
  width: number;
}

function Bars({ bars, label, layout, testId, width }: BarsProps) {
  const { t } = useTranslation();
  const ticks = valueTicks(Math.max(...bars.map((bar) => bar.value)));
  const top = ticks[ticks.length - 1]!;
  const rows = layout === 'rows';
  const margin = rows ? { top: 8, right: 28, bottom: 24, left: Math.min(LABEL_WIDTH, width / 3) } : { top: 16, right: 12, bottom: 28, left: 36 };
  const height = rows ? margin.top + margin.bottom + bars.length * ROW_HEIGHT : COLUMNS_HEIGHT;
  const innerWidth = Math.max(10, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const band = scaleBand<string>({ domain: bars.map((bar) => bar.key), range: rows ? [0, innerHeight] : [0, innerWidth], padding: 0.25 });
  const value = scaleLinear<number>({ domain: [0, top], range: rows ? [0, innerWidth] : [innerHeight, 0] });
  const thickness = Math.min(MAX_BAR, Math.max(1, band.bandwidth()));
  const labelOf = new Map(bars.map((bar) => [bar.key, bar.label]));
  // Along time, a label every few bars so that they do not overlap (about 44 px each).
  const every = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(innerWidth / 44))));
  const showValues = band.bandwidth() >= 16;

  return (
    <svg width={width} height={height} className="dashboard-chart" role="img" aria-label={label}>
      <title>{label}</title>
      <Group left={margin.left} top={margin.top}>
        {ticks.map((tick) =>
          rows ? (
            <line key={tick} x1={value(tick)} x2={value(tick)} y2={innerHeight} className="dashboard-chart-grid" />
          ) : (
            <line key={tick} x2={innerWidth} y1={value(tick)} y2={value(tick)} className="dashboard-chart-grid" />
          ),
        )}
        {bars.map((bar) => {
          const start = (band(bar.key) ?? 0) + (band.bandwidth() - thickness) / 2;
          const length = rows ? value(bar.value) : innerHeight - value(bar.value);
          const text = t('dashboard.charts.bar', { label: bar.label, count: bar.value });
          return (
            <g key={bar.key} data-testid={`${testId}-bar`} data-label={bar.label} data-value={bar.value}>
              <title>{text}</title>
              {rows ? (
                <Bar x={0} y={start} width={length} height={thickness} className="dashboard-chart-bar" />
              ) : (
                <Bar x={start} y={innerHeight - length} width={thickness} height={length} className="dashboard-chart-bar" />
              )}
              {showValues && bar.value > 0 && (
                <text
                  className="dashboard-chart-value"
                  x={rows ? length + 4 : start + thickness / 2}
                  y={rows ? start + thickness / 2 : innerHeight - length - 4}
                  textAnchor={rows ? 'start' : 'middle'}
                  dominantBaseline={rows ? 'central' : 'auto'}
                >
                  {bar.value}
                </text>
              )}
            </g>
          );
        })}
        {rows ? (
          <>
            <AxisLeft scale={band} tickFormat={(key) => cut(labelOf.get(key) ?? key)} axisLineClassName="dashboard-chart-axis" hideTicks tickLabelProps={{ className: 'dashboard-chart-label', textAnchor: 'end', dx: -4, dy: '0.32em' }} />
            <AxisBottom top={innerHeight} scale={value} tickValues={ticks} tickFormat={(v) => String(v)} axisLineClassName="dashboard-chart-axis" hideTicks tickLabelProps={{ className: 'dashboard-chart-label', textAnchor: 'middle' }} />
          </>
        ) : (
          <>
            <AxisLeft scale={value} tickValues={ticks} tickFormat={(v) => String(v)} axisLineClassName="dashboard-chart-axis" hideTicks tickLabelProps={{ className: 'dashboard-chart-label', textAnchor: 'end', dx: -4, dy: '0.32em' }} />
            <AxisBottom
              top={innerHeight}
              scale={band}
              tickValues={bars.filter((_, i) => i % every === 0).map((bar) => bar.key)}
              tickFormat={(key) => labelOf.get(key) ?? key}
              axisLineClassName="dashboard-chart-axis"
              hideTicks
              tickLabelProps={{ className: 'dashboard-chart-label', textAnchor: 'middle' }}
            />
          </>
        )}
      </Group>
    </svg>
  );
}
