import type { ContactSummary } from '../api.js';
import { externalNumber } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** A contact of the company as its pickers list it (the new-ticket dialog's search). */
export interface Contact extends ContactSummary {
  isGroup: boolean;
}

/** A named piece of information about a contact (spec: extraInfo, a list of name/value). */
export interface ContactExtraInfo {
  name: string;
  value: string;
}

/** One contact as the contacts page edits it. */
export interface ContactDetails extends Contact {
  extraInfo: ContactExtraInfo[];
}

/** `GET /contacts`: a page of the company's contacts. */
export interface ContactPage {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
  /** Where this page ended (when hasMore): `cursor` of the next request, which reads on from there. */
  next?: string;
}

/**
 * `GET /contacts`: contacts whose name or number holds `searchParam` (any case, any accents), 20 a page. `cursor` (the
 * previous page's `next`) reads the page after it along the name index instead of skipping rows, so a page deep in a
 * long list costs what the first does; pageNumber is the page without one.
 */
export const listContactsQuerySchema = yup.object({
  searchParam: yup.string().trim().max(100).default(''),
  pageNumber: yup.number().integer().min(1).max(100_000).default(1),
  cursor: yup.string().max(500).matches(/^\d{1,15}_/, 'validation.invalid'),
});

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EXTRA_INFO_MAX = 50;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const text = (max: number) => yup.string().trim().max(max, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);

/**
 * A contact's number as it is kept: its digits, with the country code (8 to 15 digits, as WhatsApp numbers are);
 * spaces, brackets, dashes, dots and a leading + are dropped. Null when it cannot be a WhatsApp number.
 */
export const contactNumber = (raw: string): string | null => externalNumber(raw.trim());

const number = () =>
  yup
    .string()
    .trim()
    .max(40, 'validation.tooLong')
    .test('phoneNumber', 'validation.phoneNumber', (v) => v == null || v === '' || contactNumber(v) !== null);

const fields = {
  name: text(CONTACT_NAME_MAX).min(1, 'validation.required'),
  email: text(200).email('validation.email').default(''),
  extraInfo: yup
    .array(yup.object({ name: text(100).min(1, 'validation.required').required('validation.required'), value: text(1000).default('') }).noUnknown(true, 'validation.unknownField'))
    .max(CONTACT_EXTRA_INFO_MAX, 'validation.tooMany')
    .default([]),
};

/** `POST /contacts`: a new contact; its number must not have one already. */
export const contactSchema = yup.object({
  name: fields.name.required('validation.required'),
  number: number().required('validation.required'),
  email: fields.email,
  extraInfo: fields.extraInfo,
});

/** `PUT /contacts/:id`: what changes (the number is the contact's identity: given, it must be the same). */
export const contactChangesSchema = yup.object({
  name: fields.name,
  number: number(),
  email: text(200).email('validation.email'),
  extraInfo: yup
    .array(yup.object({ name: text(100).min(1, 'validation.required').required('validation.required'), value: text(1000).default('') }).noUnknown(true, 'validation.unknownField'))
    .max(CONTACT_EXTRA_INFO_MAX, 'validation.tooMany'),
});

/**
 * The `contact` channel (spec: create or update upserts, delete removes, reload fetches the list again). An update
 * carries what its event knew; many changes at once (an import) are one reload.
 */
export type ContactFeedPayload =
  | { action: 'update'; contact: Partial<ContactDetails> & Pick<ContactDetails, 'id' | 'number'> }
  | { action: 'delete'; contactId: number }
  | { action: 'reload' };

/** Why a row of an import was not imported. */
export type ContactImportRejection = 'invalidNumber' | 'invalidEmail' | 'nameTooLong' | 'duplicated' | 'duplicatedInFile' | 'failed';

/** `POST /contacts/import` and `GET /contacts/import/:jobId`: an import and how far it got. */
export interface ContactImport {
  id: string;
  status: 'running' | 'done' | 'failed';
  /** Rows with something in them (the header row aside). */
  total: number;
  /** Rows handled so far (imported or rejected). */
  done: number;
  imported: number;
  /** Every rejected row: its row number in the sheet, why, and what the number cell held. */
  rejected: Array<{ row: number; reason: ContactImportRejection; value: string }>;
}

/** The most rows one import takes. */
export const CONTACT_IMPORT_MAX_ROWS = 50_000;

/** Contact lists count their matches up to this many; one more means more (the page says "more than 1000"). */
export const CONTACT_COUNT_CAP = 1000;
