import { yup } from '../validation.js';
import { isStorableText } from '../text.js';

/** A help entry: a video with a title and a description, shown to every user on the helps page. */
export interface Help {
  id: number;
  title: string;
  /** The video provider's code for the video (e.g. a YouTube id). */
  video: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

export type HelpFields = Pick<Help, 'title' | 'video' | 'description'>;

export const HELP_TITLE_MAX_LENGTH = 255;
export const HELP_DESCRIPTION_MAX_LENGTH = 4096;

const storable = (v: string | undefined) => v === undefined || isStorableText(v);

/** What the super user's form sends: the console's form and the server check it with this one schema. */
export const helpSchema = yup.object({
  title: yup.string().trim().required('validation.required').max(HELP_TITLE_MAX_LENGTH, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
  video: yup.string().trim().max(255, 'validation.tooLong').default('').test('storable', 'validation.unstorableText', storable),
  description: yup.string().max(HELP_DESCRIPTION_MAX_LENGTH, 'validation.tooLong').default('').test('storable', 'validation.unstorableText', storable),
});

/** A change: any of the fields, at least one. */
export const helpChangesSchema = yup
  .object({
    title: yup.string().trim().min(1, 'validation.required').max(HELP_TITLE_MAX_LENGTH, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
    video: yup.string().trim().max(255, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
    description: yup.string().max(HELP_DESCRIPTION_MAX_LENGTH, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
  })
  .test('something', 'validation.required', (v) => v.title !== undefined || v.video !== undefined || v.description !== undefined);

/** `GET /helps`: a page of entries, searched by title. */
export const listHelpsQuerySchema = yup.object({
  searchParam: yup.string().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().integer('validation.integer').min(1, 'validation.positive').default(1),
});

export interface HelpPage {
  records: Help[];
  count: number;
  hasMore: boolean;
}

export const HELP_EVENT_TYPES = ['HelpCreated', 'HelpUpdated', 'HelpDeleted'] as const;

export type HelpEvent =
  | { type: 'HelpCreated'; data: { id: number } & HelpFields }
  | { type: 'HelpUpdated'; data: { id: number; changes: Partial<HelpFields> } }
  | { type: 'HelpDeleted'; data: { id: number } };
