import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** What an option's file is, as a message's media is (platform-core: image, audio, video, or a document). */
export type FileListMediaType = 'image' | 'audio' | 'video' | 'application';

/** The file an option carries, once uploaded (recognised by its content). */
export interface FileListOptionFile {
  /** Where it is stored (`/public/{key}`); the API answers a signed `url` beside it. */
  path: string;
  mediaType: FileListMediaType;
  mime: string;
  /** The name it came with, its spaces replaced with underscores (spec). */
  fileName: string;
}

/** One option of a file list (spec: id, name, path, mediaType, file): a name, and a file once uploaded. */
export interface FileListOption {
  id: number;
  name: string;
  path: string | null;
  mediaType: FileListMediaType | null;
  mime: string | null;
  fileName: string | null;
}

/** An option as the API answers it: with a signed URL its file can be fetched by, without the token. */
export interface FileListOptionView extends FileListOption {
  url: string | null;
}

/**
 * A file list (spec: id, name, message, options): a message and files a campaign sends after its own message (its
 * `fileListId`).
 */
export interface FileList {
  id: number;
  name: string;
  message: string;
  options: FileListOption[];
}

/** `GET /files/{id}` and the writes' answers. */
export interface FileListView extends Omit<FileList, 'options'> {
  options: FileListOptionView[];
}

/** A row of the list page and of the campaign form's select. */
export interface FileListSummary {
  id: number;
  name: string;
  message: string;
  optionsCount: number;
}

/** `GET /files` (spec: files, hasMore). */
export interface FileListPage {
  files: FileListSummary[];
  hasMore: boolean;
}

/** What a file list's record carries (its options are events of their own). */
export interface FileListFields {
  companyId: number;
  name: string;
  message: string;
}

export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 4096;
export const FILE_LIST_OPTION_NAME_MAX = 100;
/** Options of one list: a campaign sends each option's file to every contact, so a list stays short. */
export const FILE_LIST_OPTIONS_MAX = 20;
/** Rows of a page of `GET /files`. */
export const FILE_LISTS_PAGE_SIZE = 20;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const text = () => yup.string().trim().test('storable', 'validation.unstorableText', storable);
const listName = () => text().min(FILE_LIST_NAME_MIN, 'validation.tooShort').max(FILE_LIST_NAME_MAX, 'validation.tooLong');
const listMessage = () => text().max(FILE_LIST_MESSAGE_MAX, 'validation.tooLong');

/** An option as the form sends it: its id when it is one the list has, none for a new one. */
export const fileListOptionSchema = yup.object({
  id: idSchema(),
  name: text().required('validation.required').max(FILE_LIST_OPTION_NAME_MAX, 'validation.tooLong'),
});

const optionsSchema = () =>
  yup
    .array(fileListOptionSchema)
    .max(FILE_LIST_OPTIONS_MAX, 'validation.tooMany')
    .test('distinct', 'validation.invalid', (options) => {
      const ids = (options ?? []).map((o) => o?.id).filter((id) => id !== undefined);
      return new Set(ids).size === ids.length;
    });

/** Spec: a file list's name is required (at least 3 characters), its message is required. */
export const fileListSchema = yup.object({
  name: listName().required('validation.required'),
  message: listMessage().required('validation.required'),
  options: optionsSchema().default([]),
});

/** `PUT /files/{id}`: any of its fields; `options`, when sent, is the whole set (an option left out is removed). */
export const fileListChangesSchema = yup.object({
  name: listName(),
  message: listMessage().test('not-blank', 'validation.required', (v) => v === undefined || v.length > 0),
  options: optionsSchema(),
});

export type FileListInput = yup.InferType<typeof fileListSchema>;
export type FileListChanges = yup.InferType<typeof fileListChangesSchema>;

/**
 * `GET /files`: a page by name (`searchParam`, `pageNumber`), or, with `companyId` (the campaign form's select), every
 * list of the company. The company is always the caller's: `companyId` only chooses the form of the answer.
 */
export const listFileListsQuerySchema = yup.object({
  companyId: idSchema(),
  searchParam: yup.string().trim().max(200, 'validation.tooLong').default(''),
  pageNumber: yup.number().typeError('validation.integer').integer('validation.integer').min(1, 'validation.positive').max(100_000, 'validation.max').default(1),
});

/**
 * `POST /files/uploadList/{id}` (multipart): the file in `files`, the option it is for in `id` (text, as a form sends
 * it). The spec's other fields (`fileId`, `typeArch`, `mediaType`, `name`) are taken and ignored: the list is the path's,
 * the type comes from the file's content.
 */
export const uploadFileListOptionSchema = yup.object({
  id: yup.string().trim().required('validation.required').matches(/^[1-9]\d{0,15}$/, 'validation.integer'),
  fileId: yup.string().max(40, 'validation.tooLong'),
  typeArch: yup.string().max(40, 'validation.tooLong'),
  mediaType: yup.string().max(100, 'validation.tooLong'),
  name: yup.string().max(300, 'validation.tooLong'),
});

/** The `file` channel: a list created, changed (its options too) or deleted. */
export type FileListFeedPayload = { action: 'create' | 'update'; record: FileListSummary } | { action: 'delete'; id: number };
