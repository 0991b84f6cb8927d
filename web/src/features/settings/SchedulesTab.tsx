import { schedulesSchema, type CompanySchedule } from '@atendo/contracts';
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../app/sessionAtoms';
import { validateWith } from '../../ui/formErrors';
import { LoadFailed } from '../../ui/LoadFailed';
import { errorMessage } from '../../ui/toaster';
import { useRecordForm } from '../../ui/useRecordForm';
import { WeeklyHours, week } from '../../ui/WeeklyHours';
import { settingsApi } from './settingsApi';
import './settings.css';

interface Values {
  schedules: CompanySchedule[];
}

/** The company's opening hours per weekday (used when the setting scheduleType is `company`). */
export function SchedulesTab() {
  const { t } = useTranslation();
  const companyId = useAtomValue(userAtom)?.companyId;
  const [loaded, setLoaded] = useState<CompanySchedule[]>();
  const [failure, setFailure] = useState<string>();

  const { formik } = useRecordForm<Values, CompanySchedule[]>({
    initialValues: { schedules: [] },
    validate: validateWith<Values>(schedulesSchema),
    formik: { validateOnChange: false },
    save: async (values, { resetForm }) => {
      if (companyId === undefined) return undefined;
      const schedules = values.schedules.map((s) => ({ ...s, startTime: s.startTime.trim(), endTime: s.endTime.trim() }));
      const saved = await settingsApi.saveSchedules(companyId, schedules);
      resetForm({ values: { schedules: week(saved) } });
      return saved;
    },
    savedText: t('settings.schedules.updated'),
    refusal: { show: 'fields and toast' },
  });
  const { resetForm } = formik;

  const load = useCallback(() => {
    if (companyId === undefined) return;
    setFailure(undefined);
    settingsApi.company(companyId).then(
      (company) => setLoaded(company.schedules ?? []),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [companyId]);

  useEffect(load, [load]);
  useEffect(() => {
    if (loaded) resetForm({ values: { schedules: week(loaded) } });
  }, [loaded, resetForm]);

  if (failure) {
    return <LoadFailed title={t('settings.schedules.loadFailed')} description={failure} retryText={t('settings.retry')} onRetry={load} retryTestId="schedules-retry" />;
  }
  if (!loaded) return <Spinner className="settings-spinner" />;

  return (
    <form className="settings-panel" onSubmit={formik.handleSubmit} noValidate data-testid="settings-schedules">
      <Callout intent="primary" icon="time">
        {t('settings.schedules.intro')}
      </Callout>
      <WeeklyHours value={formik.values.schedules} onChange={(schedules) => void formik.setFieldValue('schedules', schedules)} errors={formik.errors.schedules} label={t('settings.tabs.schedules')} />
      <div>
        <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={formik.isSubmitting} text={t('settings.schedules.save')} data-testid="schedules-save" />
      </div>
    </form>
  );
}
