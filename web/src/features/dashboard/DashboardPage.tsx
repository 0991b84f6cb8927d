import type { DashboardCounters, DashboardTimesBy } from '@atendo/contracts/dashboard';
import { Button, Card, H3, H5 } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../ui/download';
import { toastError, toastWarning } from '../../ui/toaster';
import { AttendantsTable } from './AttendantsTable';
import { BarChart } from './BarChart';
import { timeBars, userBars } from './chartBars';
import { CounterCard } from './CounterCard';
import { dashboardApi, exportName, type ExportFormat } from './dashboardApi';
import { DashboardFilter } from './DashboardFilter';
import { TimesTable } from './TimesTable';
import { formatMinutes, formatNumber, trendOf, type Better } from './figures';
import { initialFilter, isOneDay, periodOf, type DashboardPeriod } from './period';
import { Pending } from './Pending';
import { useAnswer } from './useAnswer';
import '../../ui/listPage/listPage.css';
import './dashboard.css';

/** The counters in the order shown, and which way is better for each (times: lower). */
const COUNTERS: { id: keyof DashboardCounters; better: Better; minutes: boolean }[] = [
  { id: 'supportHappening', better: 'neither', minutes: false },
  { id: 'supportPending', better: 'lower', minutes: false },
  { id: 'supportFinished', better: 'higher', minutes: false },
  { id: 'avgSupportTime', better: 'lower', minutes: true },
  { id: 'avgWaitTime', better: 'lower', minutes: true },
  { id: 'leads', better: 'higher', minutes: false },
];

/** `/` for who may see it: the period's counters against the previous period's, attendants, charts, times and exports. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [initial] = useState(initialFilter);
  const [period, setPeriod] = useState<DashboardPeriod>(() => periodOf(initial)!);
  const [by, setBy] = useState<DashboardTimesBy>('queue');
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const summary = useAnswer(useCallback(() => dashboardApi.summary(period), [period]), toastError);
  const perDay = useAnswer(useCallback(() => dashboardApi.ticketsPerDay(period), [period]), () => toastWarning(t('dashboard.toasts.dateChartError')));
  const perUser = useAnswer(useCallback(() => dashboardApi.ticketsPerUser(period), [period]), () => toastWarning(t('dashboard.toasts.userChartError')));
  const times = useAnswer(useCallback(() => dashboardApi.times(period, by), [period, by]), toastError);

  const exportFile = async (format: ExportFormat) => {
    setExporting(format);
    try {
      download(await dashboardApi.export(format, period), exportName(format, period));
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(null);
    }
  };

  const shown = (id: keyof DashboardCounters, minutes: boolean, counters: DashboardCounters) =>
    minutes ? formatMinutes(counters[id], t, i18n.language) : formatNumber(counters[id], i18n.language);
  const hourly = isOneDay(period);
  const dayTitle = hourly ? t('dashboard.charts.perHour') : t('dashboard.charts.perDay');

  return (
    <div className="shell-page dashboard-page" data-testid="page">
      <div className="list-page-header">
        <div className="list-page-title">
          <H3 className="list-page-heading">{t('dashboard.title')}</H3>
        </div>
        <div className="list-page-tools">
          <Button icon="download" text={t('dashboard.export.csv')} loading={exporting === 'csv'} onClick={() => void exportFile('csv')} data-testid="dashboard-export-csv" />
          <Button icon="download" text={t('dashboard.export.xlsx')} loading={exporting === 'xlsx'} onClick={() => void exportFile('xlsx')} data-testid="dashboard-export-xlsx" />
        </div>
      </div>
      <div className="dashboard-body">
        <Card className="dashboard-filter-card">
          <DashboardFilter initial={initial} onApply={setPeriod} />
        </Card>
        <section className="dashboard-counters" aria-label={t('dashboard.title')} data-testid="dashboard-counters">
          <Pending answer={summary} testId="dashboard-counters-retry">
            {({ counters, previous }) =>
              COUNTERS.map(({ id, better, minutes }) => (
                <CounterCard key={id} id={id} label={t(`dashboard.counters.${id}`)} value={shown(id, minutes, counters)} trend={trendOf(counters[id], previous.counters[id], better)} />
              ))
            }
          </Pending>
        </section>
        <div className="dashboard-charts">
          <Card className="dashboard-section" aria-labelledby="dashboard-per-day">
            <H5 id="dashboard-per-day">{dayTitle}</H5>
            <Pending answer={perDay} testId="dashboard-chart-days-retry">
              {(answer) => <BarChart layout="columns" title={dayTitle} bars={timeBars(answer, period, (hour) => t('dashboard.charts.hour', { hour }))} testId={hourly ? 'dashboard-chart-hours' : 'dashboard-chart-days'} />}
            </Pending>
          </Card>
          <Card className="dashboard-section" aria-labelledby="dashboard-per-user">
            <H5 id="dashboard-per-user">{t('dashboard.charts.perUser')}</H5>
            <Pending answer={perUser} testId="dashboard-chart-users-retry">
              {(answer) => <BarChart layout="rows" title={t('dashboard.charts.perUser')} bars={userBars(answer)} testId="dashboard-chart-users" />}
            </Pending>
          </Card>
        </div>
        <Card className="dashboard-section" aria-labelledby="dashboard-attendants-title">
          <H5 id="dashboard-attendants-title">{t('dashboard.attendants.title')}</H5>
          <Pending answer={summary} testId="dashboard-attendants-retry">
            {({ attendants }) => <AttendantsTable attendants={attendants} />}
          </Pending>
        </Card>
        <Card className="dashboard-section" aria-labelledby="dashboard-times-title">
          <H5 id="dashboard-times-title">{t('dashboard.times.title')}</H5>
          <TimesTable times={times} by={by} onBy={setBy} />
        </Card>
      </div>
    </div>
  );
}
