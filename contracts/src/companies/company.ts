import { addMonths } from 'date-fns/addMonths';
import { passwordSchema } from '../auth/password.js';
import { idSchema } from '../schemas.js';
import { yup } from '../validation.js';
import type { CompanyFields, CompanySchedule, Recurrence } from './events.js';

/** A company as the API answers it (settings as the spec's list of key/value). */
export interface Company extends Omit<CompanyFields, 'settings' | 'schedules' | 'disabledAt'> {
  id: number;
  plan: { id: number; name: string } | null;
  settings: Array<{ key: string; value: string }>;
  schedules: CompanySchedule[];
  createdAt: string;
  updatedAt: string;
}

export interface CompanyPage {
  companies: Company[];
  count: number;
  hasMore: boolean;
}

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const satisfies readonly Recurrence[];

/** How far one period of each recurrence moves a due date (the settings page's Expire action). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** The due date one period after `from` (calendar months: 31 January + 1 month is 28 or 29 February). */
export function nextDueDate(from: Date, recurrence: Recurrence): Date {
  return addMonths(from, RECURRENCE_MONTHS[recurrence]);
}

/** The trial a sign-up gets, set by the server whatever the client sends (spec §9). */
export const TRIAL_DAYS = 3;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One day of weekly hours (a company's or a queue's): both times empty is a closed day. */
export const scheduleSchema = yup.object({
  weekday: yup.string().trim().max(30).required(),
  weekdayEn: yup.string().oneOf(WEEKDAYS).required(),
  startTime: yup.string().trim().matches(HHMM, { message: 'validation.time', excludeEmptyString: true }).default(''),
  endTime: yup
    .string()
    .trim()
    .matches(HHMM, { message: 'validation.time', excludeEmptyString: true })
    .default('')
    .test('after-start', 'validation.endBeforeStart', function (end) {
      const start = this.parent.startTime as string;
      return !start || !end || end > start;
    }),
});

/** A week of hours: at most one entry a day. */
export const weekSchema = () =>
  yup
    .array(scheduleSchema)
    .max(7)
    .test('one-per-day', 'validation.duplicateWeekday', (list) => !list || new Set(list.map((d) => d.weekdayEn)).size === list.length);

export const schedulesSchema = yup.object({
  schedules: weekSchema().required(),
});

const text = (max: number) => yup.string().trim().max(max);

const billing = {
  billingName: text(100),
  addressZipCode: text(20),
  addressStreet: text(200),
  addressState: text(50),
  addressCity: text(100),
  addressDistrict: text(100),
};

/** A company a super user adds; with `password`, its first admin (the company's e-mail) comes with it. */
export const companySchema = yup.object({
  name: text(50).min(2).required(),
  email: yup.string().trim().lowercase().email().max(200).required(),
  phone: text(30).default(''),
  planId: idSchema().required(),
  status: yup.boolean().default(true),
  dueDate: yup.string().datetime({ allowOffset: true }).nullable().default(null),
  recurrence: yup.string().oneOf(RECURRENCES).default('MENSAL'),
  password: passwordSchema(),
  ...billing,
});

export const companyChangesSchema = yup.object({
  name: text(50).min(2),
  email: yup.string().trim().lowercase().email().max(200),
  phone: text(30),
  planId: idSchema(),
  status: yup.boolean(),
  dueDate: yup.string().datetime({ allowOffset: true }).nullable(),
  recurrence: yup.string().oneOf(RECURRENCES),
  ...billing,
});

/** Sign-up (spec §5; the password by the one rule, decision 0041): what the client may say. Due date, status and recurrence are the server's to set. */
export const signUpSchema = yup.object({
  name: text(50).min(2).required(),
  email: yup.string().trim().lowercase().email().max(200).required(),
  password: passwordSchema().required(),
  // The mask (99) 99999-9999: at most 11 digits once the mask's characters are gone.
  phone: yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : v))
    .max(11)
    .default(''),
  planId: idSchema().required(),
});

export const listCompaniesQuerySchema = yup.object({
  searchParam: yup.string().trim().max(100).default(''),
  pageNumber: yup.number().integer().min(1).max(100_000).default(1),
});
