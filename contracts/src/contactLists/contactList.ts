import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** A list of people a campaign is sent to, filled by hand or by spreadsheet (spec: id, name, contactsCount). */
export interface ContactList {
  id: number;
  name: string;
  contactsCount: number;
}

/**
 * One person of a contact list (spec: id, name, number, email, isWhatsappValid, companyId, contactListId). Items are
 * not the company's contacts: a campaign creates a contact only when someone answers.
 */
export interface ContactListItem {
  id: number;
  name: string;
  number: string;
  email: string;
  /** Whether WhatsApp knows the number; null until it has been checked. Campaigns send only to valid numbers. */
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
}

/** What a contact list's events carry. */
export interface ContactListFields {
  companyId: number;
  name: string;
}

/** What a contact list item's events carry. */
export type ContactListItemFields = Omit<ContactListItem, 'id'>;

export const CONTACT_LIST_NAME_MIN = 2;
export const CONTACT_LIST_NAME_MAX = 50;
export const CONTACT_LIST_ITEM_NAME_MIN = 2;
export const CONTACT_LIST_ITEM_NAME_MAX = 50;
/** Spec: a number of 8 to 50 characters (as typed or imported; WhatsApp then says whether it is valid). */
export const CONTACT_LIST_ITEM_NUMBER_MIN = 8;
export const CONTACT_LIST_ITEM_NUMBER_MAX = 50;
/**
 * Import files (spec: .xls or .xlsx). Read by content: an .xls that is really xlsx is read, an old binary (BIFF) .xls is
 * refused with `ERR_SPREADSHEET_XLS`; a .csv is read too (decision 0029).
 */
export const CONTACT_LIST_IMPORT_EXTENSIONS = ['.xls', '.xlsx', '.csv'] as const;
/** The largest spreadsheet `POST /contact-lists/:id/upload` takes. */
export const CONTACT_LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows (under the header) one import takes: answered in the request, row by row. */
export const CONTACT_LIST_IMPORT_MAX_ROWS = 5_000;

/** What became of one row of an imported spreadsheet. */
export type ContactListImportOutcome = 'added' | 'duplicate' | 'invalid';

/** One row of an import's report: `row` is its number in the sheet (the header is row 1). */
export interface ContactListImportRow {
  row: number;
  outcome: ContactListImportOutcome;
  /** The row's name and number as written. */
  name: string;
  number: string;
  /** The item made of it (`added`). */
  itemId?: number;
  /** Why not (`duplicate`: ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS; `invalid`: ERR_VALIDATION). */
  code?: string;
  /** Which fields were refused and by which rule (`invalid`), as the API's validation details name them. */
  details?: Array<{ path: string; message: string; params?: Record<string, unknown> }>;
}

/** `POST /contact-lists/:id/upload`: every row's outcome and the counts. */
export interface ContactListImportReport {
  contactListId: number;
  total: number;
  added: number;
  duplicates: number;
  invalid: number;
  rows: ContactListImportRow[];
}

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const text = () => yup.string().trim().test('storable', 'validation.unstorableText', storable);
const listName = () => text().min(CONTACT_LIST_NAME_MIN, 'validation.tooShort').max(CONTACT_LIST_NAME_MAX, 'validation.tooLong');
const itemName = () => text().min(CONTACT_LIST_ITEM_NAME_MIN, 'validation.tooShort').max(CONTACT_LIST_ITEM_NAME_MAX, 'validation.tooLong');
/** Digits and the marks people write numbers with (spaces, +, -, dots, brackets): anything else is not a number. */
const itemNumber = () =>
  text()
    .min(CONTACT_LIST_ITEM_NUMBER_MIN, 'validation.tooShort')
    .max(CONTACT_LIST_ITEM_NUMBER_MAX, 'validation.tooLong')
    .matches(/^[\d\s()+\-.]*$/, 'validation.invalid');
const itemEmail = () => text().max(200, 'validation.tooLong').email('validation.email');

/** The digits of an item's number: what a campaign sends to, and what tells two items are one person. */
export const contactListItemNumber = (raw: string): string => raw.replace(/\D/g, '');

/** Spec: a list's name is required, 2 to 50 characters. */
export const contactListSchema = yup.object({
  name: listName().required('validation.required'),
});

export const contactListChangesSchema = yup.object({
  name: listName(),
});

/** Spec: an item's name is required (2 to 50), its number has 8 to 50 characters, its e-mail (optional) is valid. */
export const contactListItemSchema = yup.object({
  contactListId: idSchema().required('validation.required'),
  name: itemName().required('validation.required'),
  number: itemNumber().required('validation.required'),
  email: itemEmail().default(''),
});

/** A change to an item: any of its fields but its list. */
export const contactListItemChangesSchema = yup.object({
  name: itemName(),
  number: itemNumber(),
  email: itemEmail(),
});

/** `GET /contact-lists/`: a search by name and a page number. */
export const listContactListsQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
});

/** `GET /contact-list-items`: one list's items whose name or number holds `searchParam`. */
export const listContactListItemsQuerySchema = listContactListsQuerySchema.shape({
  contactListId: idSchema().required('validation.required'),
});

/** The `ContactList` channel: a list created, changed or deleted (spec: realtime events of contact lists). */
export type ContactListFeedPayload = { action: 'create' | 'update'; record: ContactList } | { action: 'delete'; id: number };

/** The `ContactListItem` channel: an item created, changed or deleted, or a whole list to fetch again (an import). */
export type ContactListItemFeedPayload =
  | { action: 'create' | 'update'; record: ContactListItem }
  | { action: 'delete'; id: number }
  | { action: 'reload'; contactListId: number };

/** Rows a page of `GET /contact-lists` and `GET /contact-list-items` holds. */
export const CONTACT_LISTS_PAGE_SIZE = 20;

/** `GET /contact-lists`: a page of the company's lists by name (spec: records, hasMore). */
export interface ContactListPage {
  records: ContactList[];
  hasMore: boolean;
}

/** `GET /contact-list-items`: a page of one list's items by name (spec: contacts, hasMore). */
export interface ContactListItemPage {
  contacts: ContactListItem[];
  hasMore: boolean;
}
