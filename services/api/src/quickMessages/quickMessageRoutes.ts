import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import {
  idParamsSchema,
  listQuickMessagesQuerySchema,
  quickMessageChangesSchema,
  quickMessageListQuerySchema,
  quickMessageSchema,
  type Position,
  type QuickMessage,
  type QuickMessageFields,
  type Viewer,
} from '@atendo/contracts';
import { handleCommand, quickMessageDecider, quickMessageStream } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { QuickMessageQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { largestAllowed, MESSAGE_MEDIA_MIMES } from '../media/mediaTypes.js';
import type { MediaStorage } from '../media/storage.js';
import { theUpload } from '../media/uploads.js';

export interface QuickMessageRouteDeps {
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
  storage: MediaStorage;
  readYourWrites(position: Position | undefined): Promise<void>;
}

/**
 * Quick messages (spec: /quick-messages): an agent keeps her own; the company's general ones (`geral`) are kept by
 * admins and offered to everyone. Each may carry one file (any kind a message may send, recognised by its content),
 * stored like a message's media and sent with the text when the agent picks it.
 */
export function quickMessageRoutes({ knex, store, ids, storage, readYourWrites }: QuickMessageRouteDeps): RouteSpec[] {
  const feature = 'quickMessages';
  const quickMessages = new QuickMessageQueries(knex);
  const by = (who: AuthContext) => ({ actor: { type: 'user' as const, userId: who.claims.userId } });
  const admin = (viewer: Viewer) => viewer.profile === 'admin';
  /** One the caller may use (read); `change`: one she may also change (her own, or any if admin). */
  const found = async (viewer: Viewer, id: number, change = false): Promise<QuickMessage> => {
    const record = await quickMessages.find(viewer.companyId, id);
    const mine = record?.userId === viewer.userId;
    if (!record || (!record.geral && !mine && !admin(viewer))) throw new AppError('ERR_QUICK_MESSAGE_NOT_FOUND', 404, `Quick message ${id} not found`);
    if (change && !mine && !admin(viewer)) throw new AppError('ERR_NO_PERMISSION', 403, 'Only its author or an admin can change a quick message');
    return record;
  };
  const requireGeralRight = (viewer: Viewer, geral: boolean | undefined) => {
    if (geral && !admin(viewer)) throw new AppError('ERR_NO_PERMISSION', 403, 'Only an admin can keep quick messages for the whole company');
  };
  const change = async (viewer: Viewer, id: number, changes: Partial<QuickMessageFields>, who: AuthContext) => {
    const result = await handleCommand(store, quickMessageDecider, quickMessageStream(viewer.companyId, id), { type: 'update', changes }, by(who));
    await readYourWrites(result.position);
  };
  return [
    route<AnyObject, InferType<typeof listQuickMessagesQuerySchema>>({
      method: 'get',
      path: '/quick-messages',
      feature,
      summary: "A page of the quick messages the caller may use (the company's general ones and her own), by shortcode",
      permission: 'signedIn',
      query: listQuickMessagesQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        res.json(await quickMessages.page(viewer.companyId, viewer.userId, query.searchParam, query.pageNumber));
      },
    }),
    route<AnyObject, InferType<typeof quickMessageListQuerySchema>>({
      method: 'get',
      path: '/quick-messages/list',
      feature,
      summary: 'Every quick message the caller may use, for the message input’s suggestions',
      permission: 'signedIn',
      query: quickMessageListQuerySchema,
      async handler({ res, auth: { viewer } }) {
        res.json(await quickMessages.list(viewer.companyId, viewer.userId));
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/quick-messages/:id',
      feature,
      summary: 'One quick message',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_QUICK_MESSAGE_NOT_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        res.json(await found(viewer, id));
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof quickMessageSchema>>({
      method: 'post',
      path: '/quick-messages',
      feature,
      summary: 'Keep a quick message (shortcode required; `geral`: the whole company’s, admins only)',
      permission: 'signedIn',
      body: quickMessageSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const { viewer } = auth;
        requireGeralRight(viewer, body.geral);
        const id = await ids.next('quickMessage');
        const fields: QuickMessageFields = { companyId: viewer.companyId, userId: viewer.userId, shortcode: body.shortcode, message: body.message, geral: body.geral, mediaPath: null, mediaName: null };
        const result = await handleCommand(store, quickMessageDecider, quickMessageStream(viewer.companyId, id), { type: 'create', id, fields }, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await found(viewer, id));
      },
    }),
    route<{ id: number }, AnyObject, InferType<typeof quickMessageChangesSchema>>({
      method: 'put',
      path: '/quick-messages/:id',
      feature,
      summary: "Change a quick message's shortcode, text or reach (its author or an admin)",
      permission: 'signedIn',
      params: idParamsSchema(),
      body: quickMessageChangesSchema,
      errors: ['ERR_QUICK_MESSAGE_NOT_FOUND'],
      async handler({ res, params: { id }, body, auth }) {
        const { viewer } = auth;
        await found(viewer, id, true);
        requireGeralRight(viewer, body.geral);
        await change(viewer, id, body as Partial<QuickMessageFields>, auth);
        res.json(await found(viewer, id));
      },
    }),
    route<{ id: number }>({
      method: 'post',
      path: '/quick-messages/:id/media-upload',
      feature,
      summary: 'Attach a file (field `file`; `typeArch` is accepted and ignored: the kind comes from the content), replacing any before',
      permission: 'signedIn',
      params: idParamsSchema(),
      upload: { field: 'file', maxBytes: largestAllowed(MESSAGE_MEDIA_MIMES), accept: MESSAGE_MEDIA_MIMES },
      errors: ['ERR_STORAGE_QUOTA', 'ERR_QUICK_MESSAGE_NOT_FOUND'],
      async authorize({ params: { id }, auth }) {
        await found(auth!.viewer, id, true);
      },
      async handler({ req, res, params: { id }, auth }) {
        const { viewer } = auth;
        const upload = theUpload(req);
        const before = await found(viewer, id, true);
        await storage.keepFor(viewer.companyId, upload, (stored) => change(viewer, id, { mediaPath: `/public/${stored.key}`, mediaName: stored.originalName }, auth));
        await storage.removeNamed(before.mediaPath);
        res.json(await found(viewer, id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/quick-messages/:id/media-upload',
      feature,
      summary: "Remove the quick message's file",
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_QUICK_MESSAGE_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        const { viewer } = auth;
        const before = await found(viewer, id, true);
        await change(viewer, id, { mediaPath: null, mediaName: null }, auth);
        await storage.removeNamed(before.mediaPath);
        res.json(await found(viewer, id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/quick-messages/:id',
      feature,
      summary: 'Delete a quick message (its author or an admin)',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_QUICK_MESSAGE_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        const { viewer } = auth;
        const before = await found(viewer, id, true);
        const result = await handleCommand(store, quickMessageDecider, quickMessageStream(viewer.companyId, id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        await storage.removeNamed(before.mediaPath);
        res.json({ message: 'Quick message deleted' });
      },
    }),
  ];
}
