import type { AnyObject, InferType } from 'yup';
import {
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_MEDIA_TYPES,
  announcementChangesSchema,
  announcementSchema,
  holds,
  idParamsSchema,
  listAnnouncementsQuerySchema,
  type AnnouncementFields,
  type Position,
} from '@atendo/contracts';
import { ANNOUNCEMENTS_PERMISSIONS } from '@atendo/contracts/announcements';
import { announcementDecider, announcementStream, handleCommand } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { AnnouncementQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import type { RecordRouteDeps } from '../http/recordRoutes.js';
import { readUpload, theUpload } from '../media/uploads.js';

export type AnnouncementRouteDeps = RecordRouteDeps;

/**
 * Announcements: super users publish them, with an optional png or jpg image (recognised by its content); every user
 * reads the active ones (the top bar's popover), and each change reaches every company's consoles.
 */
export function announcementRoutes({ knex, store, ids, readYourWrites }: AnnouncementRouteDeps): RouteSpec[] {
  const feature = 'announcements';
  const announcements = new AnnouncementQueries(knex);
  const by = (who: AuthContext) => ({ actor: { type: 'user' as const, userId: who.claims.userId } });
  const found = async (id: number) => {
    const announcement = await announcements.find(id);
    if (!announcement) throw new AppError('ERR_NOT_FOUND', 404, `Announcement ${id} not found`);
    return announcement;
  };
  const change = async (id: number, changes: Partial<AnnouncementFields>, who: AuthContext) => {
    const result = await handleCommand(store, announcementDecider, announcementStream(id), { type: 'update', changes }, by(who));
    await readYourWrites(result.position);
  };
  return [
    route<AnyObject, InferType<typeof listAnnouncementsQuerySchema>>({
      method: 'get',
      path: '/announcements',
      feature,
      summary: 'A page of announcements by priority, newest first: the active ones, or all for super users',
      permission: 'signedIn',
      query: listAnnouncementsQuerySchema,
      async handler({ res, query, auth }) {
        res.json(await announcements.page(query.searchParam, query.pageNumber, !holds(auth.viewer, 'announcements:manage', ANNOUNCEMENTS_PERMISSIONS)));
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/announcements/:id',
      feature,
      summary: 'One announcement',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        const announcement = await found(id);
        if (!announcement.status && !holds(auth.viewer, 'announcements:manage', ANNOUNCEMENTS_PERMISSIONS)) throw new AppError('ERR_NOT_FOUND', 404, `Announcement ${id} not found`);
        res.json(announcement);
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/announcements/:id/media',
      feature,
      summary: "The announcement's image",
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id } }) {
        const media = await announcements.media(id);
        if (!media) throw new AppError('ERR_NOT_FOUND', 404, `Announcement ${id} has no image`);
        res.setHeader('content-type', media.mime);
        res.setHeader('cache-control', 'private, max-age=300');
        res.setHeader('x-content-type-options', 'nosniff');
        res.setHeader('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(media.name)}`);
        res.end(media.bytes);
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof announcementSchema>>({
      method: 'post',
      path: '/announcements',
      feature,
      summary: 'Publish an announcement (priority 3 and active unless said otherwise)',
      permission: 'announcements:manage',
      body: announcementSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const id = await ids.next('announcement');
        const fields: AnnouncementFields = { ...body, priority: body.priority as 1 | 2 | 3, mediaName: null };
        const result = await handleCommand(store, announcementDecider, announcementStream(id), { type: 'create', id, fields }, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await found(id));
      },
    }),
    route<{ id: number }, AnyObject, InferType<typeof announcementChangesSchema>>({
      method: 'put',
      path: '/announcements/:id',
      feature,
      summary: "Change an announcement's title, text, priority or status",
      permission: 'announcements:manage',
      params: idParamsSchema(),
      body: announcementChangesSchema,
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, body, auth }) {
        await change(id, body as Partial<AnnouncementFields>, auth);
        res.json(await found(id));
      },
    }),
    route<{ id: number }>({
      method: 'post',
      path: '/announcements/:id/media-upload',
      feature,
      summary: 'Attach an image (field `file`: png or jpg by content, at most 2 MiB), replacing any before',
      permission: 'announcements:manage',
      params: idParamsSchema(),
      upload: { field: 'file', maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES, accept: ANNOUNCEMENT_MEDIA_TYPES },
      errors: ['ERR_NOT_FOUND'],
      async authorize({ params: { id } }) {
        await found(id);
      },
      async handler({ req, res, params: { id }, auth }) {
        // Already recognised by its content (png or jpg) and within the limit by the table's `upload`.
        const file = theUpload(req);
        const name = file.originalName;
        // The bytes first: the event that shows the image comes once they are stored.
        await announcements.saveMedia(id, { name, mime: file.mime, bytes: await readUpload(file) });
        await change(id, { mediaName: name }, auth);
        res.json(await found(id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/announcements/:id/media-upload',
      feature,
      summary: "Remove the announcement's image",
      permission: 'announcements:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        await found(id);
        await change(id, { mediaName: null }, auth);
        await announcements.removeMedia(id);
        res.json(await found(id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/announcements/:id',
      feature,
      summary: 'Delete an announcement and its image',
      permission: 'announcements:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        const result = await handleCommand(store, announcementDecider, announcementStream(id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        await announcements.removeMedia(id);
        res.json({ message: 'Announcement deleted' });
      },
    }),
  ];
}
