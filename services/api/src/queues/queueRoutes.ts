import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import type { Position, QueueFields, QueueOption, QueueOptionFields } from '@atendo/contracts';
import { queueChangesSchema, queueOptionChangesSchema, queueOptionSchema, queueOptionsQuerySchema, queueSchema } from '@atendo/contracts';
import {
  changeQueue,
  createQueue,
  deleteQueue,
  handleCommand,
  queueOptionDecider,
  queueOptionStream,
  type CommandContext,
  type RecordCommand,
} from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { BotQueries, PlanQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { oneRecordRoute, recordRoutes } from '../http/recordRoutes.js';
import { checkBotLinks } from '../integrations/botLinks.js';

export interface QueueRouteDeps {
  api: ApiContext;
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
}

type NewQueue = InferType<typeof queueSchema>;
type QueueChanges = InferType<typeof queueChangesSchema>;
type NewOption = InferType<typeof queueOptionSchema>;
type OptionChanges = InferType<typeof queueOptionChangesSchema>;

const invalid = (path: string, message: string, text: string) => new AppError('ERR_VALIDATION', 400, text, [{ path, message }]);

/**
 * Queues and their chatbot menus (spec: catalogue §Queues). Admins add queues within the plan's queue limit, each with
 * its own colour, hours, greeting and out-of-hours message; the menu is a tree of numbered options per queue.
 */
export function queueRoutes({ api: ctx, knex, store, ids }: QueueRouteDeps): RouteSpec[] {
  const feature = 'queues';
  const plans = new PlanQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  const queueRecord = recordRoutes({ feature, permission: 'queues:manage', path: '/queue/:id', notFound: 'ERR_QUEUE_NOT_FOUND', noun: 'Queue', find: (companyId, id) => ctx.queues.queue(companyId, id) });
  const { found } = queueRecord;
  const optionRecord = recordRoutes({ feature, permission: 'queues:manage', path: '/queue-options/:id', notFound: 'ERR_QUEUE_OPTION_NOT_FOUND', noun: 'Menu option', find: (companyId, id) => ctx.queues.option(companyId, id) });
  const optionFound = optionRecord.found;
  const bots = new BotQueries(knex);
  /** A queue hands its conversations only to a prompt or an integration of its company. */
  const checkLinks = (companyId: number, fields: { promptId?: number | null; integrationId?: number | null }) => checkBotLinks(bots, companyId, fields);
  /** The entries beside an option: the same queue, the same parent. */
  const siblings = async (companyId: number, queueId: number, parentId: number | null) =>
    (await ctx.queues.options(companyId, queueId, parentId)).map(({ children: _children, ...o }) => o);
  const writeOption = (companyId: number, id: number, command: RecordCommand<QueueOptionFields>, who: AuthContext) =>
    handleCommand(store, queueOptionDecider, queueOptionStream(companyId, id), command, by(who));

  return [
    route({
      method: 'get',
      path: '/queue',
      feature,
      summary: "The company's queues, in their order",
      permission: 'signedIn',
      async handler({ res, auth: { viewer } }) {
        res.json(await ctx.queues.queues(viewer.companyId));
      },
    }),
    oneRecordRoute({
      path: '/queue/:id',
      feature,
      summary: 'One queue, with its hours',
      permission: 'signedIn',
      notFound: 'ERR_QUEUE_NOT_FOUND',
      show: found,
    }),
    route<AnyObject, AnyObject, NewQueue>({
      method: 'post',
      path: '/queue',
      feature,
      summary: "Add a queue (within the plan's queue limit; its colour not used by another queue)",
      permission: 'queues:manage',
      body: queueSchema,
      status: 201,
      errors: ['ERR_PLAN_LIMIT_REACHED', 'ERR_QUEUE_COLOR_ALREADY_EXISTS'],
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        await checkLinks(companyId, body);
        const plan = await plans.ofCompany(companyId);
        const count = await ctx.queues.count(companyId);
        if (plan && count >= plan.queues) throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, `The plan allows ${plan.queues} queues and the company has ${count}`, { limit: plan.queues, count });
        // Queues made before colours were claimed hold theirs only in the read model.
        if (await ctx.queues.colorTaken(companyId, body.color)) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409, `The colour ${body.color} is already in use`, { value: body.color });
        const id = await ids.next('queue');
        const result = await createQueue(store, id, { companyId, ...body } satisfies QueueFields, by(auth));
        await ctx.readYourWrites(result.position);
        res.status(201).json(await found(companyId, id));
      },
    }),
    queueRecord.update<QueueChanges>({
      summary: 'Change a queue: its data, hours, integration or prompt',
      body: queueChangesSchema,
      errors: ['ERR_QUEUE_COLOR_ALREADY_EXISTS'],
      async handler({ res, params: { id }, body, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        await checkLinks(companyId, body);
        if (body.color !== undefined && (await ctx.queues.colorTaken(companyId, body.color, id))) {
          throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409, `The colour ${body.color} is already in use`, { value: body.color });
        }
        const result = await changeQueue(store, companyId, id, body as Partial<QueueFields>, current.color, by(auth));
        await ctx.readYourWrites(result.position);
        res.json(await found(companyId, id));
      },
    }),
    queueRecord.remove({
      summary: 'Delete a queue and its menu; its colour is free again',
      async handler({ res, params: { id }, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        const result = await deleteQueue(store, companyId, id, current.color, by(auth));
        await ctx.readYourWrites(result.position);
        res.json({ message: 'Queue deleted' });
      },
    }),
    route<AnyObject, InferType<typeof queueOptionsQuerySchema>>({
      method: 'get',
      path: '/queue-options',
      feature,
      summary: "A level of a queue's menu (parentId -1: the top), each option with its subtree",
      permission: 'signedIn',
      query: queueOptionsQuerySchema,
      errors: ['ERR_QUEUE_NOT_FOUND'],
      async handler({ res, query: { queueId, parentId }, auth: { viewer } }) {
        await found(viewer.companyId, queueId);
        res.json(await ctx.queues.options(viewer.companyId, queueId, parentId === -1 ? null : parentId));
      },
    }),
    route<AnyObject, AnyObject, NewOption>({
      method: 'post',
      path: '/queue-options',
      feature,
      summary: "Add an option to a queue's menu (its number the next free one unless given)",
      permission: 'queues:manage',
      body: queueOptionSchema,
      status: 201,
      errors: ['ERR_QUEUE_NOT_FOUND', 'ERR_QUEUE_OPTION_NOT_FOUND'],
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        await found(companyId, body.queueId);
        if (body.parentId !== null) {
          const parent = await optionFound(companyId, body.parentId);
          if (parent.queueId !== body.queueId) throw invalid('parentId', 'validation.invalid', `Option ${body.parentId} belongs to another queue`);
        }
        const beside = await siblings(companyId, body.queueId, body.parentId);
        if (body.option !== undefined && beside.some((o) => o.option === body.option)) throw invalid('option', 'validation.optionTaken', `Option number ${body.option} is taken at this level`);
        const option = body.option ?? Math.max(0, ...beside.map((o) => o.option)) + 1;
        const id = await ids.next('queueOption');
        const fields = { companyId, queueId: body.queueId, parentId: body.parentId, title: body.title, message: body.message, option };
        const result = await writeOption(companyId, id, { type: 'create', id, fields }, auth);
        await ctx.readYourWrites(result.position);
        res.status(201).json(await optionFound(companyId, id));
      },
    }),
    optionRecord.update<OptionChanges>({
      summary: 'Change a menu option (title, message, number)',
      body: queueOptionChangesSchema,
      async handler({ res, params: { id }, body, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await optionFound(companyId, id);
        if (body.option !== undefined && (await siblings(companyId, current.queueId, current.parentId)).some((o) => o.id !== id && o.option === body.option)) {
          throw invalid('option', 'validation.optionTaken', `Option number ${body.option} is taken at this level`);
        }
        const result = await writeOption(companyId, id, { type: 'update', changes: body }, auth);
        await ctx.readYourWrites(result.position);
        res.json(await optionFound(companyId, id));
      },
    }),
    optionRecord.remove({
      summary: 'Delete a menu option and what is under it; the options after it move up one number',
      async handler({ res, params: { id }, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await optionFound(companyId, id);
        const subtree = (await ctx.queues.options(companyId, current.queueId, current.parentId)).find((o) => o.id === id);
        const under: QueueOption[] = [];
        const walk = (o: QueueOption) => o.children.forEach((c) => (under.push(c), walk(c)));
        if (subtree) walk(subtree);
        let position: Position | undefined;
        for (const o of [...under.reverse(), current]) position = (await writeOption(companyId, o.id, { type: 'delete' }, auth)).position ?? position;
        // The menu keeps its numbers without gaps (spec: deleting renumbers the siblings).
        for (const sibling of await siblings(companyId, current.queueId, current.parentId)) {
          if (sibling.id === id || sibling.option < current.option) continue;
          position = (await writeOption(companyId, sibling.id, { type: 'update', changes: { option: sibling.option - 1 } }, auth)).position ?? position;
        }
        await ctx.readYourWrites(position);
        res.json({ message: 'Option deleted' });
      },
    }),
  ];
}
