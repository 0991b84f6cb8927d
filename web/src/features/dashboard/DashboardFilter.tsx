import { DASHBOARD_PERIOD_DAYS, type DashboardPeriodDays } from '@atendo/contracts/dashboard';
import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../ui/toaster';
import { periodOf, type DashboardPeriod, type FilterValues } from './period';

interface DashboardFilterProps {
  initial: FilterValues;
  onApply(period: DashboardPeriod): void;
}

/**
 * Spec §2 and §5: the last 3 … 90 days, or a date range; with neither (a date cleared, or the range backwards) the
 * filter says so and keeps the figures shown.
 */
export function DashboardFilter({ initial, onApply }: DashboardFilterProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const byDays = values.days !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const period = periodOf(values);
    if (period) onApply(period);
    else toastWarning(t('dashboard.toasts.selectFilterError'));
  };

  return (
    <form className="dashboard-filter" onSubmit={submit} aria-label={t('dashboard.filter.label')} data-testid="dashboard-filter">
      <FormGroup label={t('dashboard.filter.period')} labelFor="dashboard-days" className="dashboard-filter-field">
        <HTMLSelect
          id="dashboard-days"
          value={values.days}
          onChange={(event) => setValues({ ...values, days: event.currentTarget.value === '' ? '' : (Number(event.currentTarget.value) as DashboardPeriodDays) })}
          data-testid="dashboard-days"
        >
          <option value="">{t('dashboard.filter.range')}</option>
          {DASHBOARD_PERIOD_DAYS.map((days) => (
            <option key={days} value={days}>
              {t('dashboard.filter.days', { count: days })}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('dashboard.filter.from')} labelFor="dashboard-from" className="dashboard-filter-field">
        <InputGroup id="dashboard-from" type="date" value={values.from} disabled={byDays} max={values.to || undefined} onValueChange={(from) => setValues({ ...values, from })} data-testid="dashboard-from" />
      </FormGroup>
      <FormGroup label={t('dashboard.filter.to')} labelFor="dashboard-to" className="dashboard-filter-field">
        <InputGroup id="dashboard-to" type="date" value={values.to} disabled={byDays} min={values.from || undefined} onValueChange={(to) => setValues({ ...values, to })} data-testid="dashboard-to" />
      </FormGroup>
      <Button type="submit" intent="primary" icon="filter" text={t('dashboard.filter.apply')} className="dashboard-filter-apply" data-testid="dashboard-apply" />
    </form>
  );
}
