import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';
import type { Ticket } from '../api.js';

/** A tag as the API answers it (spec: id, name, color, kanban 0 or 1, userId, ticketsCount). */
export interface Tag {
  id: number;
  name: string;
  color: string;
  /** 1: the tag is a lane of the kanban. */
  kanban: 0 | 1;
  /** Who made it (null for tags made by the system). */
  userId: number | null;
  /** How many of the company's tickets carry it. */
  ticketsCount: number;
}

/** What a tag's events carry. */
export interface TagFields {
  companyId: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
}

/** `GET /tags/`: one page of the company's tags. */
export interface TagPage {
  tags: Tag[];
  hasMore: boolean;
}

/** `GET /ticket/kanban`: the open and pending tickets the caller sees, each with its tags (spec: Kanban ticket). */
export interface KanbanResponse {
  tickets: Ticket[];
}

/**
 * The tag channel (`company-{id}-tag`): a tag created or changed (with its ticket count, which moves as tickets are
 * tagged), a tag deleted, or the tags a ticket now carries (told only to those who see the ticket).
 */
export type TagFeedPayload =
  | { action: 'create' | 'update'; tag: Tag }
  | { action: 'delete'; tagId: number }
  | { action: 'ticket'; ticketId: number; tagIds: number[] };

export const TAGS_PAGE_SIZE = 20;
export const TAG_DEFAULT_COLOR = '#a4cccc';
/** How many tickets the kanban shows at most: the most recently updated (decision 0025). */
export const KANBAN_MAX_TICKETS = 500;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const name = () => yup.string().trim().min(3, 'validation.tooShort').max(100, 'validation.tooLong').test('storable', 'validation.unstorableText', storable);
/** A colour as the console's picker gives it: `#rrggbb`. */
const color = () =>
  yup
    .string()
    .trim()
    .lowercase()
    .matches(/^#[0-9a-f]{6}$/, { message: 'validation.invalid', excludeEmptyString: false });
/** 0 or 1, as the spec says. */
const kanban = () => yup.number().typeError('validation.oneOf').oneOf([0, 1], 'validation.oneOf');

/** A new tag: a name of at least 3 characters (spec), a colour, and whether it is a kanban lane. */
export const tagSchema = yup.object({
  name: name().required('validation.required'),
  color: color().default(TAG_DEFAULT_COLOR),
  kanban: kanban().default(0),
  userId: idSchema().nullable(),
});

/** A change to a tag: any of its fields. */
export const tagChangesSchema = yup.object({
  name: name(),
  color: color(),
  kanban: kanban(),
  userId: idSchema().nullable(),
});

/** `GET /tags/`: a search by name and a page number. */
export const listTagsQuerySchema = yup.object({
  searchParam: yup.string().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(1_000_000, 'validation.max').default(1),
});

/** `GET /tags/list`: all of the company's tags, optionally only the kanban lanes. */
export const allTagsQuerySchema = yup.object({
  kanban: kanban(),
});

/** `POST /tags/sync`: the tags a ticket carries from now on (the others are taken off it). */
export const syncTicketTagsSchema = yup.object({
  ticketId: idSchema().required('validation.required'),
  tags: yup
    .array(yup.object({ id: idSchema().required('validation.required') }).required('validation.required'))
    .max(100, 'validation.tooMany')
    .required('validation.required'),
});

/** `PUT /ticket-tags/:ticketId/:tagId`. */
export const ticketTagParamsSchema = yup.object({
  ticketId: idSchema().required('validation.required'),
  tagId: idSchema().required('validation.required'),
});

/** `DELETE /ticket-tags/:ticketId`. */
export const ticketIdParamsSchema = yup.object({
  ticketId: idSchema().required('validation.required'),
});

/** `GET /ticket/kanban`: only these queues' tickets (`[1,2]` as the console sends it, or `1,2`). */
export const kanbanQuerySchema = yup.object({
  queueIds: yup.string().max(2000, 'validation.tooLong').matches(/^\[?\s*(\d+\s*(,\s*\d+\s*)*)?\]?$/, { message: 'validation.invalid', excludeEmptyString: true }),
  showAll: yup.string().max(5, 'validation.tooLong'),
});
