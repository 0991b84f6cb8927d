import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/**
 * Where a scheduled message stands: waiting for its time, handed to its connection, or given up with a reason (the
 * spec names the last ERRO; the other two follow it).
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * A message scheduled to one contact (spec: id, body, contactId, contact (name), sendAt, sentAt, mediaPath, mediaName),
 * with where it stands, the connection it goes through (chosen, else the ticket's, else the company's default) and
 * why it failed.
 */
export interface Schedule {
  id: number;
  body: string;
  /** ISO instant. */
  sendAt: string;
  /** When it was handed to its connection; null until then. */
  sentAt: string | null;
  status: ScheduleStatus;
  contactId: number;
  contact: { id: number; name: string; number: string } | null;
  /** The chosen connection; null: the contact's ticket's, else the company's default, decided at send time. */
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  /** The ticket it was scheduled from (its protocol and, unless a connection is chosen, its connection). */
  ticketId: number | null;
  userId: number;
  mediaPath: string | null;
  mediaName: string | null;
  /** The WhatsApp message it became, once sent (`schedule-{companyId}-{id}`). */
  messageId: string | null;
  /** Why it was not sent (status ERRO). */
  error: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** What a schedule's events carry. */
export interface ScheduleFields {
  companyId: number;
  userId: number;
  contactId: number;
  body: string;
  sendAt: string;
  whatsappId: number | null;
  ticketId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
}

/** Spec §5: a message of at least 5 characters ("Mensagem muito curta"). */
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 4096;
/** Spec §5: the media a schedule takes (.png, .jpg, .jpeg), by content on the server. */
export const SCHEDULE_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** The largest image (the images' limit of every upload). */
export const SCHEDULE_MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** Spec §5: a new schedule's time is now plus one hour. */
export const SCHEDULE_DEFAULT_LEAD_MS = 60 * 60 * 1000;
/** A schedule whose connection stays down this long past its time is given up (ERRO) rather than sent days late. */
export const SCHEDULE_MAX_LATENESS_MS = 24 * 60 * 60 * 1000;
/** Rows a page of `GET /schedules` holds; a calendar range holds at most SCHEDULE_RANGE_MAX. */
export const SCHEDULES_PAGE_SIZE = 20;
export const SCHEDULE_RANGE_MAX = 1000;

/** The id of the WhatsApp message a schedule becomes: the same on every try, so a crash never sends it twice. */
export const scheduleMessageId = (companyId: number, id: number) => `schedule-${companyId}-${id}`;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const body = () =>
  yup.string().trim().min(SCHEDULE_BODY_MIN, 'validation.tooShort').max(SCHEDULE_BODY_MAX, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
/** An instant with its zone, as the form's date picker gives it (ISO 8601): a time without a zone is refused. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const isInstant = (v: string) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v));
/** Kept as ISO in UTC. Whether it lies ahead is the server's check (ERR_SCHEDULE_IN_PAST): the browser's clock may be off. */
const instant = () =>
  yup
    .string()
    .trim()
    .transform((v: string | undefined) => (v === undefined || v === '' ? undefined : isInstant(v) ? new Date(v).toISOString() : v))
    .test('instant', 'validation.invalid', (v) => v == null || isInstant(v));

/** `POST /schedules` (spec §5): body 5+, a contact, a time; optionally a connection and the ticket it comes from. */
export const createScheduleSchema = yup.object({
  body: body().required('validation.required'),
  contactId: idSchema().required('validation.required'),
  sendAt: instant().required('validation.required'),
  whatsappId: idSchema().nullable().default(null),
  ticketId: idSchema().nullable().default(null),
});

/** `PUT /schedules/:id`: any of them (not once sent). */
export const scheduleChangesSchema = yup.object({
  body: body(),
  contactId: idSchema(),
  sendAt: instant(),
  whatsappId: idSchema().nullable(),
  ticketId: idSchema().nullable(),
});

/**
 * `GET /schedules`: a page by contact name or text (searchParam, pageNumber), or, with `startDate` and `endDate`,
 * every schedule of that span (the calendar's visible range).
 */
export const listSchedulesQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
  startDate: instant(),
  endDate: instant(),
  contactId: idSchema(),
});

/** `GET /schedules`: a page (spec: schedules, hasMore). */
export interface SchedulePage {
  schedules: Schedule[];
  hasMore: boolean;
}

/** The `schedule` channel (the original's payloads): a schedule created or changed, or the id of one deleted. */
export type ScheduleFeedPayload = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number };
