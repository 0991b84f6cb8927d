import { idSchema, MESSAGE_MAX_LENGTH } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/**
 * A campaign's status (spec §4): new ones are INATIVA; a schedule makes it PROGRAMADA; the server starts it
 * (EM_ANDAMENTO) at its time and finishes it (FINALIZADA) when every valid contact has had its message; cancel (only
 * in progress) gives CANCELADA, restart (only cancelled) EM_ANDAMENTO again.
 */
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The five message tabs of the form. */
export const CAMPAIGN_MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export type CampaignMessageField = (typeof CAMPAIGN_MESSAGE_FIELDS)[number];
/** A variant's number: which of the five messages a contact got. */
export type CampaignVariant = 1 | 2 | 3 | 4 | 5;

/** What a campaign's events carry (its schedule and status move by events of their own). */
export interface CampaignFields extends Record<CampaignMessageField, string> {
  companyId: number;
  name: string;
  /** The connection it sends through. */
  whatsappId: number;
  contactListId: number | null;
  /** A list built from the tickets carrying this tag (the form's tagListId; "Nenhuma" when none). */
  tagId: number | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
}

/** A campaign as the API answers it (spec §3). */
export interface Campaign extends Omit<CampaignFields, 'companyId'> {
  id: number;
  companyId: number;
  status: CampaignStatus;
  scheduledAt: string | null;
  completedAt: string | null;
}

/** The report's figures (spec: progress = delivered / valid-number contacts). */
export interface CampaignProgress {
  validContacts: number;
  queued: number;
  delivered: number;
  failed: number;
  /** 0 to 100, rounded down: 100 only when every valid contact has it. */
  percent: number;
}

/** Spec §4 and §9: editable only more than an hour before the schedule. */
export const CAMPAIGN_EDIT_CUTOFF_MS = 60 * 60 * 1000;

/**
 * Whether a campaign may be saved at `at` (spec §4): when INATIVA, or PROGRAMADA with its time more than an hour away
 * (exactly an hour is too late); a cancelled one still saves. Running and finished ones are read-only. The console
 * greys the form with this; the server refuses with ERR_CAMPAIGN_NOT_EDITABLE.
 */
export function isCampaignEditable(status: CampaignStatus, scheduledAt: string | null, at: string): boolean {
  switch (status) {
    case 'INATIVA':
    case 'CANCELADA':
      return true;
    case 'PROGRAMADA':
      return scheduledAt !== null && Date.parse(scheduledAt) - Date.parse(at) > CAMPAIGN_EDIT_CUTOFF_MS;
    case 'EM_ANDAMENTO':
    case 'FINALIZADA':
      return false;
  }
}

/** Spec §4: delivered / valid contacts, as a whole percent rounded down (0 when there is no valid contact). */
export const campaignProgressPercent = (delivered: number, validContacts: number): number =>
  validContacts > 0 ? Math.min(100, Math.floor((delivered / validContacts) * 100)) : 0;

/** The five messages that are not blank, each with its variant number: what a contact's message is drawn from. */
export function campaignVariants(fields: Pick<CampaignFields, CampaignMessageField>): Array<{ variant: CampaignVariant; message: string }> {
  return CAMPAIGN_MESSAGE_FIELDS.flatMap((field, i) => (fields[field].trim() ? [{ variant: (i + 1) as CampaignVariant, message: fields[field] }] : []));
}

export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 50;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const name = () => yup.string().trim().min(CAMPAIGN_NAME_MIN, 'validation.tooShort').max(CAMPAIGN_NAME_MAX, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const message = () => yup.string().max(MESSAGE_MAX_LENGTH, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const optionalId = () => idSchema().nullable();
/** An instant with its zone, as the form's date picker gives it (ISO 8601): a time without a zone is refused. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const isInstant = (v: string) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v));
/** Kept as ISO in UTC; empty is none. */
const instant = () =>
  yup
    .string()
    .trim()
    .nullable()
    .transform((v: string | null) => (v == null || v === '' ? null : isInstant(v) ? new Date(v).toISOString() : v))
    .test('instant', 'validation.invalid', (v) => v == null || isInstant(v));

const messages = (required: boolean) =>
  Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((field) => [field, required ? message().default('') : message()])) as Record<
    CampaignMessageField,
    ReturnType<typeof message>
  >;

/**
 * `POST /campaigns` (spec §5: name 2 to 50, a connection). The schedule is optional: a campaign without one stays
 * INATIVA. Whether a scheduled one has a message and someone to send to, and its time is ahead, is the server's
 * check (ERR_CAMPAIGN_NO_MESSAGE, ERR_CAMPAIGN_NO_RECIPIENTS, ERR_CAMPAIGN_SCHEDULE_IN_PAST).
 */
export const campaignSchema = yup.object({
  name: name().required('validation.required'),
  whatsappId: idSchema().required('validation.required'),
  ...messages(true),
  contactListId: optionalId().default(null),
  tagId: optionalId().default(null),
  fileListId: optionalId().default(null),
  scheduledAt: instant().default(null),
});

/** `PUT /campaigns/:id`: any of its fields. */
export const campaignChangesSchema = yup.object({
  name: name(),
  whatsappId: idSchema(),
  ...messages(false),
  contactListId: optionalId(),
  tagId: optionalId(),
  fileListId: optionalId(),
  scheduledAt: instant(),
});

/** `GET /campaigns/`: a search by name and a page number. */
export const listCampaignsQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
});

/** The `campaign` channel: a campaign created or changed (status and progress included), or deleted. */
export type CampaignFeedPayload = { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number };

/** A campaign as the pages show it (spec §3: with its contact list and connection), its progress and the governor's hold. */
export interface CampaignView extends Campaign {
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
  tag: { id: number; name: string } | null;
  progress: CampaignProgress;
  startedAt: string | null;
  /** Whether the form may save it now (isCampaignEditable at the server's time). */
  editable: boolean;
  /** The connection's send governor holds it back until `notBefore`, because of `reason` (null: not held). */
  deferral: { notBefore: string; reason: import('./sendGovernor.js').SendGovernorReason } | null;
}

/** One minute of the report's chart: messages delivered and failed in it. */
export interface CampaignTimelinePoint {
  /** The minute's start (ISO). */
  at: string;
  delivered: number;
  failed: number;
}

/** One contact's message (spec: the campaign's shipping entries, each with deliveredAt). */
export interface CampaignShipping {
  number: string;
  variant: CampaignVariant;
  body: string;
  dueAt: string;
  deliveredAt: string | null;
  failedAt: string | null;
  reason: string | null;
}

/** `GET /campaigns/:id/report`. */
export interface CampaignReport {
  campaign: CampaignView;
  timeline: CampaignTimelinePoint[];
}

/** `GET /send-governor`: per connection, whether its sends are held back now, until when and why. */
export interface SendGovernorStatus {
  whatsappId: number;
  notBefore: string | null;
  reason: import('./sendGovernor.js').SendGovernorReason | null;
  sentToday: number;
  slowDownLevel: number;
}
