import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';
import { CHANNEL_KINDS, type Whatsapp } from '../api.js';

/** The connection's fields of spec §3 that `Whatsapp` (api.ts) does not list; the edit modal reads them. */
export interface WhatsappSettings {
  expiresInactiveMessage: string;
  promptId: number | null;
  integrationId: number | null;
  transferQueueId: number | null;
  timeToTransfer: number | null;
  queueIds: number[];
}

/** One connection as `GET /whatsapp/{id}` answers an admin: with its API token (a credential, kept outside the log). */
export type WhatsappDetails = Whatsapp & WhatsappSettings & { token: string };

export const WHATSAPP_MESSAGE_MAX_LENGTH = 4096;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const name = () => yup.string().trim().min(2, 'validation.tooShort').max(50, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const message = () => yup.string().max(WHATSAPP_MESSAGE_MAX_LENGTH, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const count = (max: number) => yup.number().typeError('validation.integer').integer('validation.integer').min(0, 'validation.min').max(max, 'validation.max');
const token = () => yup.string().trim().max(255, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
const queueIds = () => yup.array(idSchema().required()).max(200, 'validation.tooMany');

/** A new connection, with the defaults of spec §3 (provider beta, expiresTicket 0, timeUseBotQueues 0, maxUseBotQueues 3). */
export const connectionSchema = yup.object({
  name: name().required('validation.required'),
  isDefault: yup.boolean().default(false),
  provider: yup.string().trim().max(50, 'validation.tooLong').test('storable', 'validation.unstorableText', storable).default('beta'),
  greetingMessage: message().default(''),
  complationMessage: message().default(''),
  outOfHoursMessage: message().default(''),
  ratingMessage: message().default(''),
  expiresInactiveMessage: message().default(''),
  token: token().default(''),
  expiresTicket: count(1_000_000).default(0),
  timeUseBotQueues: count(1_000_000).default(0),
  maxUseBotQueues: count(1_000).default(3),
  queueIds: queueIds().default([]),
  promptId: idSchema().nullable().default(null),
  integrationId: idSchema().nullable().default(null),
  transferQueueId: idSchema().nullable().default(null),
  timeToTransfer: count(1_000_000).nullable().default(null),
  /** Baileys (a real number) unless the simulator is asked for; the server refuses the simulator in production. */
  channel: yup.string().oneOf(CHANNEL_KINDS, 'validation.invalid').default('baileys'),
});

/** A change to a connection: any of its fields. */
export const connectionChangesSchema = yup.object({
  name: name(),
  isDefault: yup.boolean(),
  provider: yup.string().trim().max(50, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
  greetingMessage: message(),
  complationMessage: message(),
  outOfHoursMessage: message(),
  ratingMessage: message(),
  expiresInactiveMessage: message(),
  token: token(),
  expiresTicket: count(1_000_000),
  timeUseBotQueues: count(1_000_000),
  maxUseBotQueues: count(1_000),
  queueIds: queueIds(),
  promptId: idSchema().nullable(),
  integrationId: idSchema().nullable(),
  transferQueueId: idSchema().nullable(),
  timeToTransfer: count(1_000_000).nullable(),
  channel: yup.string().oneOf(CHANNEL_KINDS, 'validation.invalid'),
});

/** Spec §5: a connection that serves more than one queue greets the customer so they can choose one. */
export function greetingRequired(fields: { queueIds: number[]; greetingMessage: string }): boolean {
  return fields.queueIds.length > 1 && fields.greetingMessage.trim() === '';
}
