import type { Request } from 'express';
import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import {
  allTagsQuerySchema,
  holds,
  kanbanQuerySchema,
  listTagsQuerySchema,
  syncTicketTagsSchema,
  tagChangesSchema,
  tagSchema,
  ticketIdParamsSchema,
  ticketTagParamsSchema,
  type Tag,
  type TagFields,
  type Ticket,
} from '@atendo/contracts';
import { TAGS_PERMISSIONS } from '@atendo/contracts/tags';
import { handleCommand, tagDecider, tagStream, type CommandContext, type ContactStreamCommand } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { TagQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes } from '../http/recordRoutes.js';
import { visibleTicket } from '../tickets/ticketRoutes.js';

export interface TagRouteDeps {
  api: ApiContext;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
}

type NewTag = InferType<typeof tagSchema>;
type TagChanges = InferType<typeof tagChangesSchema>;

/** `[1,2]` (as the console sends it) or `1,2`; the schema has checked the shape. */
const idList = (value: string | undefined) => (value ?? '').replace(/[[\]\s]/g, '').split(',').filter(Boolean).map(Number);

/**
 * Tags and the kanban (spec: catalogue §Tags, §Kanban). Every user reads, adds, changes and deletes tags; only those
 * with `tags:kanban` (admins: the spec's supervisor profile does not exist here, decision 0025) make a tag a kanban
 * lane or take it off. A ticket's tags are events of the customer's stream, set by whoever may see the ticket.
 */
export function tagRoutes({ api: ctx, knex, store, ids }: TagRouteDeps): RouteSpec[] {
  const feature = 'tags';
  const tags = new TagQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  const tagRecord = recordRoutes({ feature, permission: 'signedIn', path: '/tags/:id', notFound: 'ERR_TAG_NOT_FOUND', noun: 'Tag', find: (companyId, id) => tags.find(companyId, id) });
  const { found } = tagRecord;
  const mayKanban = (auth: AuthContext, kanban: number | undefined, current: 0 | 1 = 0) => {
    if (kanban !== undefined && kanban !== current && !holds(auth.viewer, 'tags:kanban', TAGS_PERMISSIONS)) {
      throw new AppError('ERR_NO_PERMISSION', 403, 'Only an admin makes a tag a kanban lane or takes it off the kanban');
    }
  };
  /** A user named as a tag's owner must be one of the company's. */
  const checkUser = async (auth: AuthContext, userId: number | null | undefined) => {
    if (userId == null) return;
    if (!(await ctx.users.user(auth.viewer.companyId, userId))) {
      throw new AppError('ERR_VALIDATION', 400, `The company has no user ${userId}`, [{ path: 'userId', message: 'validation.invalid' }]);
    }
  };
  /** Runs a command on the ticket's stream and answers the tags it carries then. */
  const tagTicket = async (req: Request, auth: AuthContext, ticketId: number, command: (ticket: Ticket) => ContactStreamCommand) => {
    const { ticket, streamId } = await visibleTicket(ctx, req, { id: ticketId });
    const result = await ctx.conversationService.execute(streamId, command(ticket), by(auth));
    await ctx.readYourWrites(result.position);
    const [tagged] = await tags.withTags([ticket]);
    return { tags: tagged!.tags };
  };

  return [
    tagRecord.list({
      path: '/tags',
      summary: "A page of the company's tags by name (searchParam, pageNumber), each with its ticket count",
      query: listTagsQuerySchema,
      read: ({ query, auth: { viewer } }) => tags.page(viewer.companyId, query.searchParam, query.pageNumber),
    }),
    tagRecord.list({
      path: '/tags/list',
      summary: "Every tag of the company by name (for selects and filters); `kanban=1`: only the kanban's lanes",
      query: allTagsQuerySchema,
      read: ({ query, auth: { viewer } }) => tags.all(viewer.companyId, query.kanban === undefined ? undefined : { kanban: query.kanban as 0 | 1 }),
    }),
    route({
      method: 'get',
      path: '/tags/kanban',
      feature,
      summary: "The kanban's lanes: the company's tags marked kanban, by name (`{lista}` as the spec answers)",
      permission: 'signedIn',
      planFlag: 'useKanban',
      async handler({ res, auth: { viewer } }) {
        res.json({ lista: await tags.all(viewer.companyId, { kanban: 1 }) });
      },
    }),
    tagRecord.one({ summary: 'One tag, with its ticket count' }),
    route<AnyObject, AnyObject, NewTag>({
      method: 'post',
      path: '/tags',
      feature,
      summary: 'Add a tag (name of at least 3 characters, colour #rrggbb; kanban 1 only by an admin)',
      permission: 'signedIn',
      body: tagSchema,
      status: 201,
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        mayKanban(auth, body.kanban);
        await checkUser(auth, body.userId);
        const id = await ids.next('tag');
        const fields: TagFields = { companyId, name: body.name, color: body.color, kanban: body.kanban as 0 | 1, userId: body.userId ?? auth.claims.userId };
        const result = await handleCommand(store, tagDecider, tagStream(companyId, id), { type: 'create', id, fields }, by(auth));
        await ctx.readYourWrites(result.position);
        res.status(201).json(await found(companyId, id));
      },
    }),
    tagRecord.update<TagChanges>({
      summary: "Change a tag's name, colour, owner or (an admin) whether it is a kanban lane",
      body: tagChangesSchema,
      async handler({ res, params: { id }, body, auth }) {
        const companyId = auth.viewer.companyId;
        const current: Tag = await found(companyId, id);
        mayKanban(auth, body.kanban, current.kanban);
        await checkUser(auth, body.userId);
        const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<TagFields>;
        const result = await handleCommand(store, tagDecider, tagStream(companyId, id), { type: 'update', changes }, by(auth));
        await ctx.readYourWrites(result.position);
        res.json(await found(companyId, id));
      },
    }),
    tagRecord.remove({
      summary: 'Delete a tag: it leaves every ticket (a kanban lane goes with it)',
      async handler({ res, params: { id }, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        mayKanban(auth, 0, current.kanban);
        const result = await handleCommand(store, tagDecider, tagStream(companyId, id), { type: 'delete' }, by(auth));
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Tag deleted' });
      },
    }),
    route<AnyObject, AnyObject, InferType<typeof syncTicketTagsSchema>>({
      method: 'post',
      path: '/tags/sync',
      feature,
      summary: "Set a ticket's tags: those named stay or are added, the others are taken off (`{ticketId, tags: [{id}]}`)",
      permission: 'signedIn',
      body: syncTicketTagsSchema,
      errors: ['ERR_NO_TICKET_FOUND', 'ERR_TAG_NOT_FOUND'],
      async handler({ req, res, body, auth }) {
        const wanted = [...new Set(body.tags.map((t) => t.id))];
        // The ticket first: a caller who may not see it learns nothing of the tags.
        await visibleTicket(ctx, req, { id: body.ticketId });
        const known = await tags.existing(auth.viewer.companyId, wanted);
        const unknown = wanted.filter((id) => !known.has(id));
        if (unknown.length) throw new AppError('ERR_TAG_NOT_FOUND', 404, `No tag ${unknown.join(', ')} in this company`, { tagIds: unknown });
        res.json(await tagTicket(req, auth, body.ticketId, (ticket) => ({ type: 'SyncTicketTags', ticketId: ticket.id, tagIds: wanted })));
      },
    }),
    route<InferType<typeof ticketTagParamsSchema>>({
      method: 'put',
      path: '/ticket-tags/:ticketId/:tagId',
      feature,
      summary: 'Put a tag on a ticket (the kanban: a card dropped on a lane)',
      permission: 'signedIn',
      params: ticketTagParamsSchema,
      errors: ['ERR_NO_TICKET_FOUND', 'ERR_TAG_NOT_FOUND'],
      async authorize({ params, auth, req }) {
        await visibleTicket(ctx, req, { id: params.ticketId });
        await found(auth.viewer.companyId, params.tagId);
      },
      async handler({ req, res, params, auth }) {
        res.json(await tagTicket(req, auth, params.ticketId, (ticket) => ({ type: 'TagTicket', ticketId: ticket.id, tagId: params.tagId })));
      },
    }),
    route<InferType<typeof ticketIdParamsSchema>>({
      method: 'delete',
      path: '/ticket-tags/:ticketId',
      feature,
      summary: "Take every tag off a ticket (the kanban: a card leaving its lane)",
      permission: 'signedIn',
      params: ticketIdParamsSchema,
      errors: ['ERR_NO_TICKET_FOUND'],
      async authorize({ params, req }) {
        await visibleTicket(ctx, req, { id: params.ticketId });
      },
      async handler({ req, res, params, auth }) {
        res.json(await tagTicket(req, auth, params.ticketId, (ticket) => ({ type: 'SyncTicketTags', ticketId: ticket.id, tagIds: [] })));
      },
    }),
    route<AnyObject, InferType<typeof kanbanQuerySchema>>({
      method: 'get',
      path: '/ticket/kanban',
      feature,
      summary: 'The kanban\'s tickets: open and pending ones the caller sees (admins all, others their queues\'), with their tags; `queueIds` narrows',
      permission: 'signedIn',
      planFlag: 'useKanban',
      query: kanbanQuerySchema,
      async handler({ res, query, auth: { viewer } }) {
        res.json({ tickets: await tags.kanbanTickets(viewer, idList(query.queueIds)) });
      },
    }),
  ];
}
