import type { AnyObject } from 'yup';
import { helpChangesSchema, helpSchema, idParamsSchema, listHelpsQuerySchema, type HelpFields } from '@atendo/contracts';
import { handleCommand, helpDecider, helpStream } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { HelpQueries } from '@atendo/read';
import { route, type RouteSpec } from '../http/routeTable.js';
import type { RecordRouteDeps } from '../http/recordRoutes.js';

export type HelpRouteDeps = RecordRouteDeps;

/** Help videos: every user lists them, the platform's super users keep them (spec: companies, plans, helps). */
export function helpRoutes({ knex, store, ids, readYourWrites }: HelpRouteDeps): RouteSpec[] {
  const feature = 'helps';
  const helps = new HelpQueries(knex);
  const found = async (id: number) => {
    const help = await helps.find(id);
    if (!help) throw new AppError('ERR_NOT_FOUND', 404, `Help ${id} not found`);
    return help;
  };
  return [
    route<AnyObject, { searchParam: string; pageNumber: number }>({
      method: 'get',
      path: '/helps',
      feature,
      summary: 'A page of help entries whose title holds searchParam',
      permission: 'signedIn',
      query: listHelpsQuerySchema,
      async handler({ res, query }) {
        res.json(await helps.page(query.searchParam, query.pageNumber));
      },
    }),
    route({
      method: 'get',
      path: '/helps/list',
      feature,
      summary: 'Every help entry, by title',
      permission: 'signedIn',
      async handler({ res }) {
        res.json(await helps.all());
      },
    }),
    route<AnyObject, AnyObject, HelpFields>({
      method: 'post',
      path: '/helps',
      feature,
      summary: 'Add a help entry',
      permission: 'helps:manage',
      body: helpSchema,
      status: 201,
      async handler({ res, body, auth: { claims } }) {
        const id = await ids.next('help');
        const result = await handleCommand(store, helpDecider, helpStream(id), { type: 'create', id, fields: body }, { actor: { type: 'user', userId: claims.userId } });
        await readYourWrites(result.position);
        res.status(201).json(await found(id));
      },
    }),
    route<{ id: number }, AnyObject, Partial<HelpFields>>({
      method: 'put',
      path: '/helps/:id',
      feature,
      summary: 'Change a help entry',
      permission: 'helps:manage',
      params: idParamsSchema(),
      body: helpChangesSchema,
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, body, auth: { claims } }) {
        const result = await handleCommand(store, helpDecider, helpStream(id), { type: 'update', changes: body }, { actor: { type: 'user', userId: claims.userId } });
        await readYourWrites(result.position);
        res.json(await found(id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/helps/:id',
      feature,
      summary: 'Delete a help entry',
      permission: 'helps:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, auth: { claims } }) {
        const result = await handleCommand(store, helpDecider, helpStream(id), { type: 'delete' }, { actor: { type: 'user', userId: claims.userId } });
        await readYourWrites(result.position);
        res.json({ message: 'Help deleted' });
      },
    }),
  ];
}
