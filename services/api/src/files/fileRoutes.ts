import type { AnyObject, InferType } from 'yup';
import {
  fileListChangesSchema,
  fileListSchema,
  listFileListsQuerySchema,
  uploadFileListOptionSchema,
  type FileList,
  type FileListView,
  type Position,
} from '@atendo/contracts';
import { fileListDecider, fileListStream, handleCommand, type CommandContext, type NewFileListOption } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { FileListQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { oneRecordRoute, recordRoutes, type RecordRouteDeps } from '../http/recordRoutes.js';
import { largestAllowed, MESSAGE_MEDIA_MIMES } from '../media/mediaTypes.js';
import { MediaUrls } from '../media/mediaUrls.js';
import type { MediaStorage } from '../media/storage.js';
import { theUpload } from '../media/uploads.js';

export interface FileRouteDeps extends RecordRouteDeps {
  storage: MediaStorage;
  urls: MediaUrls;
}

const keyOf = (path: string) => path.replace(/^\/public\//, '');

/**
 * File lists (spec: /files): a message and named files a campaign sends after its own message, kept by the company's
 * admins. The list's form saves the name, message and options; each option's file then comes to
 * `/files/uploadList/{id}`, recognised by its content and stored like a message's media.
 */
export function fileRoutes({ knex, store, ids, storage, urls, readYourWrites }: FileRouteDeps): RouteSpec[] {
  const feature = 'files';
  const gate = { feature, permission: 'campaigns:manage' } as const;
  const lists = new FileListQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });

  const fileListRecord = recordRoutes<FileList>({ ...gate, path: '/files/:id', notFound: 'ERR_FILE_LIST_NOT_FOUND', noun: 'File list', find: (companyId, id) => lists.find(companyId, id) });
  const { found } = fileListRecord;
  /** A list as answered: each option's file with a signed URL (usable in a link or `<img src>` without the token). */
  const view = (list: FileList): FileListView => ({ ...list, options: list.options.map((o) => ({ ...o, url: o.path ? urls.sign(keyOf(o.path)) : null })) });
  /** The blobs of files no option holds any more, once the event that let them go is written. */
  const forget = async (paths: Array<string | null>) => {
    await Promise.all(paths.filter((p): p is string => !!p).map((p) => storage.remove(keyOf(p)).catch(() => undefined)));
  };
  /** Ids in the order of the form (one after the other): options are shown in the order of their ids. */
  const newOptions = async (names: string[]): Promise<NewFileListOption[]> => {
    const options: NewFileListOption[] = [];
    for (const name of names) options.push({ id: await ids.next('fileListOption'), name });
    return options;
  };

  return [
    fileListRecord.list({
      path: '/files',
      summary:
        "A page of the company's file lists by name (searchParam, pageNumber) as `{files, hasMore}`; with `companyId`, every list at once (the campaign form's select). The company is always the caller's",
      query: listFileListsQuerySchema,
      async read({ query, auth: { viewer } }) {
        if (query.companyId !== undefined && !query.searchParam) return { files: await lists.all(viewer.companyId), hasMore: false };
        return lists.page(viewer.companyId, query.searchParam, query.pageNumber);
      },
    }),
    oneRecordRoute({
      ...gate,
      path: '/files/:id',
      summary: "One file list with its options, each option's file with a signed URL",
      notFound: 'ERR_FILE_LIST_NOT_FOUND',
      show: async (companyId, id) => view(await found(companyId, id)),
    }),
    route<AnyObject, AnyObject, InferType<typeof fileListSchema>>({
      ...gate,
      method: 'post',
      path: '/files',
      summary: 'Add a file list (name of at least 3 characters, message, options by name; their files go to /files/uploadList/{id})',
      body: fileListSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const { companyId } = auth.viewer;
        const id = await ids.next('fileList');
        const options = await newOptions(body.options.map((o) => o.name));
        const fields = { companyId, name: body.name, message: body.message };
        const result = await handleCommand(store, fileListDecider, fileListStream(companyId, id), { type: 'create', id, fields, options }, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(view(await found(companyId, id)));
      },
    }),
    fileListRecord.update<InferType<typeof fileListChangesSchema>>({
      summary: "Change a file list's name or message; `options`, when sent, is the whole set (with `id`: kept and renamed; without: added; left out: removed with its file)",
      body: fileListChangesSchema,
      errors: ['ERR_FILE_LIST_OPTION_NOT_FOUND'],
      async handler({ res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const before = await found(companyId, id);
        const changes = { ...(body.name === undefined ? {} : { name: body.name }), ...(body.message === undefined ? {} : { message: body.message }) };
        let options: { keep: NewFileListOption[]; add: NewFileListOption[] } | undefined;
        if (body.options) {
          const known = new Set(before.options.map((o) => o.id));
          const unknown = body.options.find((o) => o.id !== undefined && !known.has(o.id));
          // Checked before any id is taken: an option of another list is not this one's.
          if (unknown) throw new AppError('ERR_FILE_LIST_OPTION_NOT_FOUND', 404, `File list ${id} has no option ${unknown.id}`);
          const keep = body.options.filter((o): o is { id: number; name: string } => o.id !== undefined).map(({ id: optionId, name }) => ({ id: optionId, name }));
          options = { keep, add: await newOptions(body.options.filter((o) => o.id === undefined).map((o) => o.name)) };
        }
        const result = await handleCommand(store, fileListDecider, fileListStream(companyId, id), { type: 'update', changes, options }, by(auth));
        await readYourWrites(result.position);
        const after = await found(companyId, id);
        const still = new Set(after.options.map((o) => o.path));
        await forget(before.options.map((o) => o.path).filter((p) => !still.has(p)));
        res.json(view(after));
      },
    }),
    fileListRecord.byId<InferType<typeof uploadFileListOptionSchema>>('post', {
      path: '/files/uploadList/:id',
      summary:
        "Attach a file to one option of the list (multipart: the file in `files`, the option's id in `id`; `fileId`, `typeArch`, `mediaType` and `name` are taken and ignored: the type comes from the content), replacing any before",
      body: uploadFileListOptionSchema,
      upload: { field: 'files', maxBytes: largestAllowed(MESSAGE_MEDIA_MIMES), accept: MESSAGE_MEDIA_MIMES },
      errors: ['ERR_STORAGE_QUOTA', 'ERR_FILE_LIST_NOT_FOUND', 'ERR_FILE_LIST_OPTION_NOT_FOUND'],
      async handler({ req, res, params: { id }, body, auth }) {
        const { companyId } = auth.viewer;
        const upload = theUpload(req, 'files');
        const optionId = Number(body.id);
        const before = (await found(companyId, id)).options.find((o) => o.id === optionId);
        if (!before) throw new AppError('ERR_FILE_LIST_OPTION_NOT_FOUND', 404, `File list ${id} has no option ${optionId}`);
        await storage.keepFor(companyId, upload, async (stored) => {
          const file = { path: MediaUrls.path(stored.key), mediaType: stored.kind, mime: stored.mime, fileName: stored.originalName };
          const result = await handleCommand(store, fileListDecider, fileListStream(companyId, id), { type: 'attachFile', optionId, file }, by(auth));
          await readYourWrites(result.position);
        });
        await forget([before.path]);
        res.json(view(await found(companyId, id)));
      },
    }),
    fileListRecord.remove({
      summary: "Delete a file list with its files (a campaign that named it sends nothing of it)",
      async handler({ res, params: { id }, auth }) {
        const { companyId } = auth.viewer;
        const before = await found(companyId, id);
        const result = await handleCommand(store, fileListDecider, fileListStream(companyId, id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        await forget(before.options.map((o) => o.path));
        res.json({ message: 'File list deleted' });
      },
    }),
  ];
}
