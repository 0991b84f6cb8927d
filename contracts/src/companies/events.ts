export type Recurrence = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';

export interface CompanyFields {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  settings: Record<string, string>;
  /** Opening hours per weekday, used when the setting scheduleType is `company`. */
  schedules?: CompanySchedule[];
  billingName?: string;
  addressZipCode?: string;
  addressStreet?: string;
  addressState?: string;
  addressCity?: string;
  addressDistrict?: string;
  /** When the company was switched off (status false), for the answer to its users' logins. */
  disabledAt?: string | null;
}

/** One weekday's opening hours (HH:MM; both empty: closed that day). */
export interface CompanySchedule {
  weekday: string;
  weekdayEn: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
  startTime: string;
  endTime: string;
}

export type CompanyEvent =
  | { type: 'CompanyCreated'; data: { id: number } & CompanyFields }
  | { type: 'CompanyUpdated'; data: { id: number; changes: Partial<CompanyFields> } }
  | { type: 'CompanyDeleted'; data: { id: number } };
