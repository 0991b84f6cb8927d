import { schedulesSchema, WEEKDAYS, type CompanySchedule } from '@atendo/contracts';
import { Button, Callout, FormGroup, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { getIn, useFormik } from 'formik';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { userAtom } from '../auth/sessionAtoms';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { errorMessage, toastError, toastSuccess } from '../../ui/toaster';
import { settingsTranslations } from './i18n';
import { settingsApi } from './settingsApi';
import './settings.css';

interface Values {
  schedules: CompanySchedule[];
}

// `weekday` keeps the day's Portuguese name, as the product always stored it; the console shows weekdayEn translated.
const STORED_NAMES = settingsTranslations.pt.settings.schedules.days;

/** One row per weekday, Monday first: the stored hours, or an empty (closed) day. */
export function week(stored: CompanySchedule[]): CompanySchedule[] {
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

interface WeeklyHoursProps {
  /** One row per weekday (see `week`). */
  value: CompanySchedule[];
  onChange(value: CompanySchedule[]): void;
  /** The form's errors of the list: a text for the whole week, or per day the refused times. */
  errors?: unknown;
  /** The grid's accessible name. */
  label: string;
  /** Begins the inputs' ids and test ids (`schedule-monday-startTime`). */
  idPrefix?: string;
}

/** The week's opening and closing times, one row a day: the company's hours here, a queue's in the queue dialog. */
export function WeeklyHours({ value, onChange, errors, label, idPrefix = 'schedule' }: WeeklyHoursProps) {
  const { t } = useTranslation();
  const change = (index: number, name: 'startTime' | 'endTime') => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(value.map((day, i) => (i === index ? { ...day, [name]: event.target.value } : day)));
  return (
    <>
      {typeof errors === 'string' && (
        <Callout intent="danger" role="alert">
          {errors}
        </Callout>
      )}
      <div className="schedules-grid" role="table" aria-label={label}>
        {value.map((day, index) => {
          const field = (name: 'startTime' | 'endTime', fieldLabel: string) => {
            const id = `${idPrefix}-${day.weekdayEn}-${name}`;
            const error = getIn(errors, `${index}.${name}`) as string | undefined;
            return (
              <FormGroup label={fieldLabel} labelFor={id} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
                <InputGroup
                  id={id}
                  data-testid={id}
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  value={day[name]}
                  onChange={change(index, name)}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  aria-invalid={error ? true : undefined}
                />
              </FormGroup>
            );
          };
          return (
            <div key={day.weekdayEn} className="schedules-row" role="row" data-testid={`${idPrefix}-${day.weekdayEn}`}>
              <strong className="schedules-day" role="rowheader">
                {t(`settings.schedules.days.${day.weekdayEn}`)}
              </strong>
              {field('startTime', t('settings.schedules.start'))}
              {field('endTime', t('settings.schedules.end'))}
            </div>
          );
        })}
      </div>
    </>
  );
}
