import { yup } from './validation.js';
import { isStorableText } from './text.js';

/**
 * Validation shared by the console's forms and the server's routes: the same schema checks both. Messages are
 * translation keys (the console translates them; the server returns them in `details`).
 */
export const loginSchema = yup.object({
  email: yup.string().trim().required('validation.required').email('validation.email'),
  password: yup.string().required('validation.required').max(128, 'validation.tooLong'),
});

export const MESSAGE_MAX_LENGTH = 4096;

export const sendMessageSchema = yup.object({
  body: yup
    .string()
    .required('validation.required')
    .test('not-blank', 'validation.required', (v) => !!v && v.trim().length > 0)
    .max(MESSAGE_MAX_LENGTH, 'validation.tooLong')
    .test('storable', 'validation.unstorableText', (v) => v === undefined || isStorableText(v)),
  quotedMsg: yup.object({ id: yup.string().required() }).nullable().default(null),
});

/**
 * POST /api/messages/send (the external API, authorised by a connection's token): `number` with country code (digits;
 * `+`, spaces, dashes and brackets are ignored), `body` the text, or the caption of the files in `medias`.
 */
export const externalSendSchema = yup.object({
  number: yup.string().required('validation.required').max(40, 'validation.tooLong'),
  body: yup
    .string()
    .default('')
    .max(MESSAGE_MAX_LENGTH, 'validation.tooLong')
    .test('storable', 'validation.unstorableText', (v) => v === undefined || isStorableText(v)),
});

/** The digits of a number as the external API takes it; null when it cannot be a WhatsApp number (8 to 15 digits). */
export function externalNumber(raw: string): string | null {
  const digits = raw.replace(/[\s()+\-.]/g, '');
  return /^\d{8,15}$/.test(digits) ? digits : null;
}

/**
 * POST /messages/{ticketId} as the server reads it: JSON (as above), or multipart with files in `medias`, where `body`
 * is the caption (each file's name when blank) and `voice` marks audio recorded in the console. A request without
 * files is held to `sendMessageSchema`.
 */
export const sendMessageRequestSchema = yup.object({
  body: yup
    .string()
    .default('')
    .max(MESSAGE_MAX_LENGTH, 'validation.tooLong')
    .test('storable', 'validation.unstorableText', (v) => v === undefined || isStorableText(v)),
  quotedMsg: yup.object({ id: yup.string().required() }).nullable().default(null),
  /** A multipart form says it as text. */
  voice: yup
    .mixed<boolean | 'true' | 'false'>()
    .oneOf([true, false, 'true', 'false'], 'validation.invalid')
    .default(false),
});

/**
 * An id: a positive whole number that PostgreSQL's bigint and JavaScript's numbers both hold exactly (ids beyond
 * 2^53 - 1 were a 500 from the database's range check).
 */
export const idSchema = () =>
  yup.number().typeError('validation.integer').integer('validation.integer').positive('validation.positive').max(Number.MAX_SAFE_INTEGER, 'validation.max');

export const updateTicketSchema = yup
  .object({
    status: yup.string().oneOf(['pending', 'open', 'closed'], 'validation.status'),
    userId: idSchema().nullable(),
    queueId: idSchema().nullable(),
    /** Another connection (a transfer). */
    whatsappId: idSchema(),
  })
  .test('something', 'validation.required', (v) => v.status !== undefined || v.queueId !== undefined || v.userId !== undefined || v.whatsappId !== undefined);

/** `POST /tickets`: an agent starts a conversation with a known contact (a queue unless an admin; the server checks). */
export const newTicketSchema = yup.object({
  contactId: idSchema().required('validation.required'),
  queueId: idSchema().nullable().default(null),
  /** The connection it goes through: the company's default when absent. */
  whatsappId: idSchema(),
  /** Whose it is: the caller unless an admin names someone. */
  userId: idSchema(),
  status: yup.string().oneOf(['open'], 'validation.oneOf').default('open'),
});

/**
 * `PUT /tickets/{id}/bot` and `PUT /api/tickets/bot`: pause the bot on a ticket (a person or an integration holds the
 * conversation; nothing automatic speaks), or hand it back (`paused: false`: the customer's next message starts over).
 */
export const ticketBotSchema = yup.object({
  paused: yup.boolean().typeError('validation.boolean').strict().required('validation.required'),
});

/** The external API's form: the conversation is the number's on the token's connection. */
export const externalTicketBotSchema = ticketBotSchema.shape({
  number: yup.string().trim().required('validation.required').max(40, 'validation.max'),
});

/**
 * `GET /messages/{ticketId}/search`: a ticket's messages holding the text (case and accents aside), newest first.
 * Under SEARCH_MESSAGES_MIN_LENGTH characters nothing is searched (and nothing found).
 */
export const searchMessagesQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200, 'validation.tooLong').default(''),
});

export const SEARCH_MESSAGES_MIN_LENGTH = 2;

/** A route's numeric id parameter (`/tickets/:id`): a positive whole number. */
export const idParamsSchema = <K extends string = 'id'>(name: K = 'id' as K) =>
  yup.object({ [name]: idSchema().required('validation.required') } as Record<
    K,
    yup.NumberSchema<number>
  >);

export const uuidParamsSchema = yup.object({
  uuid: yup
    .string()
    .required('validation.required')
    .matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'validation.uuid'),
});
