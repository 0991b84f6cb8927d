import type { CompanySchedule, Queue } from '@atendo/contracts';
import { week } from '../../ui/WeeklyHours';
import type { NewQueue, QueueChanges } from './queuesApi';

/** The queue dialog's values: the order is '' when blank (formik's number inputs), the selects '' for none. */
export interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: number | '';
  greetingMessage: string;
  outOfHoursMessage: string;
  promptId: string;
  integrationId: string;
  /** One row per weekday, Monday first. */
  schedules: CompanySchedule[];
}

export type QueueField = keyof QueueFormValues;

/** The dialog's tabs that hold fields, and which fields each holds (a refused field brings its tab forward). */
export const FORM_TABS = {
  data: ['name', 'color', 'orderQueue', 'greetingMessage', 'outOfHoursMessage', 'promptId', 'integrationId'],
  hours: ['schedules'],
} as const satisfies Record<string, readonly QueueField[]>;
export type FormTab = keyof typeof FORM_TABS | 'options';

export function tabOf(field: string): FormTab {
  return (FORM_TABS.hours as readonly string[]).includes(field) ? 'hours' : 'data';
}

/** Spec: a new queue opens Monday to Friday 08:00–18:00 and Saturday 08:00–12:00; Sunday is closed. */
const DEFAULT_HOURS: Record<string, [string, string]> = {
  monday: ['08:00', '18:00'],
  tuesday: ['08:00', '18:00'],
  wednesday: ['08:00', '18:00'],
  thursday: ['08:00', '18:00'],
  friday: ['08:00', '18:00'],
  saturday: ['08:00', '12:00'],
};

function defaultWeek(): CompanySchedule[] {
  return week([]).map((day) => {
    const [startTime, endTime] = DEFAULT_HOURS[day.weekdayEn] ?? ['', ''];
    return { ...day, startTime, endTime };
  });
}

/** A colour for a new queue: colours are unique in a company, so a random one is rarely taken already. */
export function randomColor(): string {
  const [r = 0, g = 0, b = 0] = crypto.getRandomValues(new Uint8Array(3));
  return `#${[r, g, b].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const idText = (id: number | null | undefined) => (id == null ? '' : String(id));
const id = (text: string) => (text === '' ? null : Number(text));

export function initialValues(queue?: Queue): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? randomColor(),
    orderQueue: queue?.orderQueue ?? '',
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    promptId: idText(queue?.promptId),
    integrationId: idText(queue?.integrationId),
    schedules: queue ? week(queue.schedules ?? []) : defaultWeek(),
  };
}

/** What the form sends on creation (POST /queue). */
export function toNewQueue(values: QueueFormValues): NewQueue {
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    orderQueue: values.orderQueue === '' ? null : values.orderQueue,
    greetingMessage: values.greetingMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    schedules: values.schedules.map((day) => ({ ...day, startTime: day.startTime.trim(), endTime: day.endTime.trim() })),
    integrationId: id(values.integrationId),
    promptId: id(values.promptId),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the form sends on edit (PUT /queue/{id}): the fields that changed. A prompt or integration the plan hides keeps
 * its value, so it is never sent.
 */
export function toChanges(values: QueueFormValues, initial: QueueFormValues): QueueChanges {
  const now = toNewQueue(values);
  const before = toNewQueue(initial);
  return Object.fromEntries(Object.entries(now).filter(([key, value]) => !same(value, before[key as keyof NewQueue]))) as QueueChanges;
}
