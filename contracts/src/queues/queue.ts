import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';
import { weekSchema } from '../companies/company.js';
import type { CompanySchedule } from '../companies/events.js';

/** A queue's weekly hours use the company's shape (companies/company.ts): weekday, weekdayEn, startTime, endTime. */
export type QueueSchedule = CompanySchedule;

/** One entry of a queue's chatbot menu: chosen by its position number; `parentId` null at the top level. */
export interface QueueOption {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: number;
  children: QueueOption[];
}

export const QUEUE_MESSAGE_MAX_LENGTH = 4096;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const text = (max: number) => yup.string().max(max, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const schedules = () => weekSchema();
const name = () => yup.string().trim().min(2, 'validation.tooShort').max(50, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const color = () => yup.string().trim().min(3, 'validation.tooShort').max(9, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const order = () => yup.number().typeError('validation.integer').integer('validation.integer').min(0, 'validation.min').max(1_000_000, 'validation.max').nullable();

/** A new queue (spec: name 2–50, colour 3–9 characters; greeting and out-of-hours messages; order; hours). */
export const queueSchema = yup.object({
  name: name().required('validation.required'),
  color: color().required('validation.required'),
  greetingMessage: text(QUEUE_MESSAGE_MAX_LENGTH).default(''),
  outOfHoursMessage: text(QUEUE_MESSAGE_MAX_LENGTH).default(''),
  orderQueue: order().default(null),
  integrationId: idSchema().nullable().default(null),
  promptId: idSchema().nullable().default(null),
  schedules: schedules().default([]),
});

/** A change to a queue: any of its fields. */
export const queueChangesSchema = yup.object({
  name: name(),
  color: color(),
  greetingMessage: text(QUEUE_MESSAGE_MAX_LENGTH),
  outOfHoursMessage: text(QUEUE_MESSAGE_MAX_LENGTH),
  orderQueue: order(),
  integrationId: idSchema().nullable(),
  promptId: idSchema().nullable(),
  schedules: schedules(),
});

/** A new menu entry: under the queue's top level (`parentId` null) or under another entry of the same queue. */
export const queueOptionSchema = yup.object({
  queueId: idSchema().required('validation.required'),
  parentId: idSchema().nullable().default(null),
  title: text(100).trim().min(1, 'validation.tooShort').required('validation.required'),
  message: text(QUEUE_MESSAGE_MAX_LENGTH).default(''),
  /** Its number in the menu; the next free one when absent. */
  option: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.min').max(99, 'validation.max'),
});

/** A change to a menu entry (it stays in its queue and under its parent). */
export const queueOptionChangesSchema = yup.object({
  title: text(100).trim().min(1, 'validation.tooShort'),
  message: text(QUEUE_MESSAGE_MAX_LENGTH),
  option: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.min').max(99, 'validation.max'),
});

/** Which level of a queue's menu to read: `parentId` -1 (or absent) is the top. */
export const queueOptionsQuerySchema = yup.object({
  queueId: idSchema().required('validation.required'),
  parentId: yup.number().typeError('validation.integer').integer('validation.integer').min(-1, 'validation.min').max(Number.MAX_SAFE_INTEGER, 'validation.max').default(-1),
});
