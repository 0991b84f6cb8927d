import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/**
 * A quick reply an agent inserts by typing `/` and its shortcode in the message input (spec: id, shortcode, message,
 * geral, status, isMedia, mediaPath, mediaName). `geral`: the whole company's (kept by admins); otherwise its author's.
 */
export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  userId: number;
  isMedia: boolean;
  /** The attached file (`/public/…`, served signed like a message's media), when it has one. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface QuickMessageFields {
  companyId: number;
  userId: number;
  shortcode: string;
  message: string;
  geral: boolean;
  mediaPath: string | null;
  mediaName: string | null;
}

export type QuickMessageEvent =
  | { type: 'QuickMessageCreated'; data: { id: number } & QuickMessageFields }
  | { type: 'QuickMessageUpdated'; data: { id: number; changes: Partial<QuickMessageFields> } }
  | { type: 'QuickMessageDeleted'; data: { id: number } };

export interface QuickMessagePage {
  records: QuickMessage[];
  hasMore: boolean;
}

/** What the console hears on `quickmessage`. */
export type QuickMessageFeedPayload = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };

/** The suggestion label in the message input is cut here (spec). */
export const QUICK_MESSAGE_LABEL_MAX = 35;

const storable = (v: string | undefined) => v === undefined || isStorableText(v);
const shortcode = () =>
  yup
    .string()
    .trim()
    .max(60, 'validation.tooLong')
    // Typed after a slash in the message input: one word.
    .matches(/^[^\s/]*$/, 'validation.shortcode')
    .test('storable', 'validation.unstorableText', storable);
const message = () => yup.string().trim().max(4096, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);

/** Spec: the shortcode is required ('Obrigatório'). */
export const quickMessageSchema = yup.object({
  shortcode: shortcode().required('validation.required'),
  message: message().default(''),
  geral: yup.boolean().typeError('validation.boolean').default(false),
});

export const quickMessageChangesSchema = yup.object({
  shortcode: shortcode().min(1, 'validation.required'),
  message: message(),
  geral: yup.boolean().typeError('validation.boolean'),
});

/** `GET /quick-messages`: a page of what the caller may use (searchParam matches the shortcode or the text). */
export const listQuickMessagesQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200).default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
  userId: idSchema(),
});

/** `GET /quick-messages/list`: every quick message the caller may use, for the message input's suggestions. */
export const quickMessageListQuerySchema = yup.object({
  companyId: idSchema(),
  userId: idSchema(),
});
