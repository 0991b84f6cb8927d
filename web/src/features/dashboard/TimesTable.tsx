import { Classes, HTMLTable, SegmentedControl, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TIMES_BY, type DashboardTimes, type DashboardTimeStats, type DashboardTimesBy } from '@atendo/contracts/dashboard';
import { formatMinutes } from './figures';
import { Pending } from './Pending';
import type { Answer } from './useAnswer';

const MEASURES = ['firstResponse', 'resolution', 'wait'] as const;

interface TimesTableProps {
  times: Answer<DashboardTimes>;
  by: DashboardTimesBy;
  onBy(by: DashboardTimesBy): void;
}

/**
 * First response, resolution and wait per queue, attendant or connection: median and 90th percentile, by the clock or
 * counting only the opening hours.
 */
export function TimesTable({ times, by, onBy }: TimesTableProps) {
  const { t, i18n } = useTranslation();
  const [business, setBusiness] = useState(false);
  const minutes = (figures: DashboardTimeStats, which: 'median' | 'p90') =>
    formatMinutes(business ? (which === 'median' ? figures.businessMedian : figures.businessP90) : figures[which], t, i18n.language);

  return (
    <>
      <div className="dashboard-times-tools">
        <SegmentedControl
          aria-label={t('dashboard.times.by')}
          size="small"
          value={by}
          onValueChange={(value) => onBy(value as DashboardTimesBy)}
          options={DASHBOARD_TIMES_BY.map((value) => ({ value, label: t(`dashboard.times.${value}`) }))}
          data-testid="dashboard-times-by"
        />
        <Switch checked={business} label={t('dashboard.times.business')} onChange={(event) => setBusiness(event.currentTarget.checked)} data-testid="dashboard-times-business" className="dashboard-times-switch" />
      </div>
      <Pending answer={times} testId="dashboard-times-retry">
        {({ rows }) =>
          rows.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('dashboard.times.none')}</p>
          ) : (
            <div className="dashboard-table-scroll">
              <HTMLTable compact striped className="dashboard-table" data-testid="dashboard-times" data-by={by} data-business={business}>
                <thead>
                  <tr>
                    <th scope="col" rowSpan={2}>
                      {t(`dashboard.times.${by}`)}
                    </th>
                    <th scope="col" rowSpan={2} className="dashboard-number">
                      {t('dashboard.times.tickets')}
                    </th>
                    {MEASURES.map((measure) => (
                      <th key={measure} scope="colgroup" colSpan={2} className="dashboard-times-measure">
                        {t(`dashboard.times.${measure}`)}
                      </th>
                    ))}
                  </tr>
                  <tr>
                    {MEASURES.flatMap((measure) => [
                      <th key={`${measure}-median`} scope="col" className="dashboard-number">
                        {t('dashboard.times.median')}
                      </th>,
                      <th key={`${measure}-p90`} scope="col" className="dashboard-number">
                        {t('dashboard.times.p90')}
                      </th>,
                    ])}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id ?? 'none'} data-testid="dashboard-times-row">
                      <td>{row.name ?? t('dashboard.times.unnamed')}</td>
                      <td className="dashboard-number">{row.tickets}</td>
                      {MEASURES.flatMap((measure) => [
                        <td key={`${measure}-median`} className="dashboard-number" data-testid={`dashboard-times-${measure}-median`}>
                          {minutes(row[measure], 'median')}
                        </td>,
                        <td key={`${measure}-p90`} className="dashboard-number" data-testid={`dashboard-times-${measure}-p90`}>
                          {minutes(row[measure], 'p90')}
                        </td>,
                      ])}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )
        }
      </Pending>
    </>
  );
}
