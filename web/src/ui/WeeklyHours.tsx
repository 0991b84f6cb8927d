import { WEEKDAYS, type CompanySchedule } from '@atendo/contracts';
import { Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { getIn } from 'formik';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import './weeklyHours.css';

/** `weekday` keeps the day's Portuguese name, as the product always stored it; the console shows weekdayEn translated. */
const storedName = (day: (typeof WEEKDAYS)[number]): string => i18n.getFixedT('pt')(`settings.schedules.days.${day}`);

/** One row per weekday, Monday first: the stored hours, or an empty (closed) day. */
export function week(stored: CompanySchedule[]): CompanySchedule[] {
  return WEEKDAYS.map((day) => stored.find((s) => s.weekdayEn === day) ?? { weekday: storedName(day), weekdayEn: day, startTime: '', endTime: '' });
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
