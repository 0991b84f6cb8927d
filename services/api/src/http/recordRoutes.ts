import type { Knex } from 'knex';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { idParamsSchema, type ErrorCode, type PlanFlag, type Position } from '@atendo/contracts';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import type { AuthContext } from '../auth/middleware.js';
import { route, type HttpMethod, type Permission, type RouteInput, type RouteSpec } from './routeTable.js';

/** What the routes of a feature that keeps records of its own use: the read models, the log, ids and the wait for one's own write. */
export interface RecordRouteDeps {
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
  readYourWrites(position: Position | undefined): Promise<void>;
}

/**
 * `GET` one of the caller's company's records by the id in its path (`/tags/:id`). `show` finds it in the company,
 * failing with `notFound` when it is not there (or not the company's), and says what is shown of it.
 */
export function oneRecordRoute(
  spec: Omit<RouteSpec, 'method' | 'params' | 'errors' | 'handler' | 'authorize'> & { notFound: string; show(companyId: number, id: number): Promise<unknown> },
): RouteSpec {
  const { notFound, show, ...rest } = spec;
  return route<{ id: number }>({
    ...rest,
    method: 'get',
    params: idParamsSchema(),
    errors: [notFound],
    async handler({ res, params: { id }, auth: { viewer } }) {
      res.json(await show(viewer.companyId, id));
    },
  });
}

/** A kind of record a company keeps, as the routes on one of them by the id in their path (`/tags/:id`) find it. */
export interface RecordKind<T> {
  feature: string;
  permission: Permission;
  planFlag?: PlanFlag;
  /** The path of one record, in express syntax: `/tags/:id`. */
  path: string;
  /** The 404's code, answered when the company has no record of that id (another company's is not there either). */
  notFound: ErrorCode;
  /** The record's name in the 404's message: `Tag 12 not found`. */
  noun: string;
  find(companyId: number, id: number): Promise<T | null | undefined>;
}

/** A route on one record: what differs from the kind's (`path` for a sub-path such as `/campaigns/:id/cancel`). */
export type RecordRouteSpec<B> = Omit<RouteSpec, 'method' | 'path' | 'feature' | 'permission' | 'params' | 'authorize' | 'handler'> & {
  path?: string;
  permission?: Permission;
  handler(input: RouteInput<{ id: number }, AnyObject, B>): Promise<void> | void;
};

/**
 * The routes on one of a company's records by the id in their path: each takes the id, answers the kind's 404
 * (before the body is read, so a user of another company learns nothing from a validation answer) and then the
 * `errors` it names (where they do not place the 404 themselves). `found` is the record or that 404.
 */
export function recordRoutes<T>(kind: RecordKind<T>) {
  const { feature, permission, planFlag, path, notFound, noun } = kind;
  const gate = { feature, permission, ...(planFlag ? { planFlag } : {}) };
  const found = async (companyId: number, id: number): Promise<T> => {
    const record = await kind.find(companyId, id);
    if (!record) throw new AppError(notFound, 404, `${noun} ${id} not found`);
    return record;
  };
  const inCompany = async ({ params: { id }, auth }: { params: { id: number }; auth: AuthContext }) => void (await found(auth.viewer.companyId, id));
  const byId = <B = unknown>(method: HttpMethod, spec: RecordRouteSpec<B>): RouteSpec =>
    route<{ id: number }, AnyObject, B>({
      ...gate,
      ...spec,
      method,
      path: spec.path ?? path,
      params: idParamsSchema(),
      errors: spec.errors?.includes(notFound) ? spec.errors : [notFound, ...(spec.errors ?? [])],
      authorize: inCompany,
    });
  return {
    found,
    inCompany,
    byId,
    /** `GET` the record: `show` says what is shown of it (the record itself by default). */
    one: (spec: { summary: string; answer?: RouteSpec['answer']; show?(companyId: number, id: number): Promise<unknown> }) =>
      oneRecordRoute({ ...gate, path, summary: spec.summary, ...(spec.answer ? { answer: spec.answer } : {}), notFound, show: spec.show ?? found }),
    /** `GET` what the company's records of the kind answer to a query (a page, every one): `read` finds it. */
    list: <S extends ObjectSchema<AnyObject>>(
      spec: Omit<RouteSpec, 'method' | 'feature' | 'permission' | 'query' | 'handler'> & { permission?: Permission; query: S; read(input: RouteInput<AnyObject, InferType<S>>): Promise<unknown> },
    ): RouteSpec => {
      const { read, ...rest } = spec;
      return route<AnyObject, InferType<S>>({
        ...gate,
        ...rest,
        method: 'get',
        async handler(input) {
          input.res.json(await read(input));
        },
      });
    },
    update: <B>(spec: RecordRouteSpec<B>) => byId<B>('put', spec),
    remove: (spec: RecordRouteSpec<unknown>) => byId('delete', spec),
  };
}
