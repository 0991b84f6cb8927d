import { schedulesSchema, WEEKDAYS, type CompanySchedule } from '@atendo/contracts';
import { Button, Callout, FormGroup, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { getIn, useFormik } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { userAtom } from '../auth/sessionAtoms';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { errorMessage, toastError, toastSuccess } from '../../ui/toaster';
import { settingsTranslations } from './i18n';
import { settingsApi } from './settingsApi';

interface Values {
  schedules: CompanySchedule[];
}

// `weekday` keeps the day's Portuguese name, as the product always stored it; the console shows weekdayEn translated.
const STORED_NAMES = settingsTranslations.pt.settings.schedules.days;

/** One row per weekday, Monday first: the stored hours, or an empty (closed) day. */
function week(stored: CompanySchedule[]): CompanySchedule[] {
  return WEEKDAYS.map((day) => stored.find((s) => s.weekdayEn === day) ?? { weekday: STORED_NAMES[day], weekdayEn: day, startTime: '', endTime: '' });
}

/** The company's opening hours per weekday (used when the setting scheduleType is `company`). */
export function SchedulesTab() {
  const { t } = useTranslation();
  const companyId = useAtomValue(userAtom)?.companyId;
  const [loaded, setLoaded] = useState<CompanySchedule[]>();
  const [failure, setFailure] = useState<string>();

  const formik = useFormik<Values>({
    initialValues: { schedules: [] },
    validate: validateWith<Values>(schedulesSchema),
    validateOnChange: false,
    onSubmit: async (values, { setErrors, resetForm }) => {
      if (companyId === undefined) return;
      const schedules = values.schedules.map((s) => ({ ...s, startTime: s.startTime.trim(), endTime: s.endTime.trim() }));
      try {
        const saved = await settingsApi.saveSchedules(companyId, schedules);
        resetForm({ values: { schedules: week(saved) } });
        toastSuccess(t('settings.schedules.updated'));
      } catch (error) {
        setErrors(serverFieldErrors<Values>(error));
        toastError(error);
      }
    },
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
    return (
      <NonIdealState
        icon="error"
        title={t('settings.schedules.loadFailed')}
        description={failure}
        action={<Button icon="refresh" text={t('settings.retry')} onClick={load} data-testid="schedules-retry" />}
      />
    );
  }
  if (!loaded) return <Spinner className="settings-spinner" />;

  const rowError = getIn(formik.errors, 'schedules') as unknown;
  return (
    <form className="settings-panel" onSubmit={formik.handleSubmit} noValidate data-testid="settings-schedules">
      <Callout intent="primary" icon="time">
        {t('settings.schedules.intro')}
      </Callout>
      {typeof rowError === 'string' && (
        <Callout intent="danger" role="alert">
          {rowError}
        </Callout>
      )}
      <div className="schedules-grid" role="table" aria-label={t('settings.tabs.schedules')}>
        {formik.values.schedules.map((day, index) => {
          const field = (name: 'startTime' | 'endTime', label: string) => {
            const path = `schedules.${index}.${name}`;
            const error = getIn(formik.errors, path) as string | undefined;
            return (
              <FormGroup label={label} labelFor={`schedule-${day.weekdayEn}-${name}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
                <InputGroup
                  id={`schedule-${day.weekdayEn}-${name}`}
                  name={path}
                  data-testid={`schedule-${day.weekdayEn}-${name}`}
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  value={day[name]}
                  onChange={formik.handleChange}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  aria-invalid={error ? true : undefined}
                />
              </FormGroup>
            );
          };
          return (
            <div key={day.weekdayEn} className="schedules-row" role="row" data-testid={`schedule-${day.weekdayEn}`}>
              <strong className="schedules-day" role="rowheader">
                {t(`settings.schedules.days.${day.weekdayEn}`)}
              </strong>
              {field('startTime', t('settings.schedules.start'))}
              {field('endTime', t('settings.schedules.end'))}
            </div>
          );
        })}
      </div>
      <div>
        <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={formik.isSubmitting} text={t('settings.schedules.save')} data-testid="schedules-save" />
      </div>
    </form>
  );
}
