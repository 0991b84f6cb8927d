import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** An announcement of the platform to every company's users (spec: super users publish them). */
export interface Announcement {
  id: number;
  title: string;
  text: string;
  /** 1 high (red), 2 medium (orange), 3 low (grey). */
  priority: 1 | 2 | 3;
  /** Active: shown in the top bar's popover. */
  status: boolean;
  /** Where its image is served (`/announcements/{id}/media`), when it has one. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export type AnnouncementFields = Pick<Announcement, 'title' | 'text' | 'priority' | 'status' | 'mediaName'>;

export interface AnnouncementPage {
  records: Announcement[];
  count: number;
  hasMore: boolean;
}

/** An image may weigh this much at most. */
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** What an image may be, by its content (not its name): png, jpg, jpeg. */
export const ANNOUNCEMENT_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

const storable = (v: string | undefined) => v === undefined || isStorableText(v);
const title = () => yup.string().trim().min(1).max(255).test('storable', 'validation.unstorableText', storable);
const text = () => yup.string().trim().min(1).max(4096).test('storable', 'validation.unstorableText', storable);
const priority = () => yup.number().integer().oneOf([1, 2, 3] as const);

/** Spec: title and text required; priority 3 and active unless said otherwise. */
export const announcementSchema = yup.object({
  title: title().required(),
  text: text().required(),
  priority: priority().default(3),
  status: yup.boolean().default(true),
});

export const announcementChangesSchema = yup.object({
  title: title(),
  text: text(),
  priority: priority(),
  status: yup.boolean(),
});

export const listAnnouncementsQuerySchema = yup.object({
  searchParam: yup.string().trim().max(200).default(''),
  pageNumber: yup.number().integer().min(1).max(100_000).default(1),
});

export const ANNOUNCEMENT_EVENT_TYPES = ['AnnouncementCreated', 'AnnouncementUpdated', 'AnnouncementDeleted'] as const;

export type AnnouncementEvent =
  | { type: 'AnnouncementCreated'; data: { id: number } & AnnouncementFields }
  | { type: 'AnnouncementUpdated'; data: { id: number; changes: Partial<AnnouncementFields> } }
  | { type: 'AnnouncementDeleted'; data: { id: number } };

/** What the console hears on `announcement`. */
export type AnnouncementFeedPayload = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };
