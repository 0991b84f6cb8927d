import { RECURRENCES, type Company, type Recurrence } from '@atendo/contracts';
import { formatDate } from '../../ui/dates';

/** The company form as typed: every input a string, the status a switch. */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: boolean;
  /** dd/MM/yyyy as typed (spec §9's date format); empty: no due date. */
  dueDate: string;
  recurrence: Recurrence;
  password: string;
  billingName: string;
  addressZipCode: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
  addressDistrict: string;
}

/** dd/MM/yyyy of an ISO instant, in the browser's time zone; empty for none. */
export function toDateInput(iso: string | null): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return '';
  return formatDate(iso);
}

/** Spec §5: a blank or invalid due date (dd/MM/yyyy) is sent as null; a valid one as the start of that day, local time. */
export function dueDateOf(input: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

export function formValues(company: Company | undefined, plans: Array<{ id: number }>): CompanyFormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    planId: String(company?.planId ?? plans[0]?.id ?? ''),
    status: company?.status ?? true,
    dueDate: toDateInput(company?.dueDate ?? null),
    recurrence: company?.recurrence ?? RECURRENCES[0],
    password: '',
    billingName: company?.billingName ?? '',
    addressZipCode: company?.addressZipCode ?? '',
    addressStreet: company?.addressStreet ?? '',
    addressState: company?.addressState ?? '',
    addressCity: company?.addressCity ?? '',
    addressDistrict: company?.addressDistrict ?? '',
  };
}

/** What is sent: the password only when adding and typed; the plan as its id (empty: missing, the schema says so). */
export function companyBody({ password, planId, dueDate, ...rest }: CompanyFormValues, adding: boolean) {
  return {
    ...rest,
    planId: planId === '' ? undefined : Number(planId),
    dueDate: dueDateOf(dueDate),
    ...(adding && password !== '' ? { password } : {}),
  };
}
