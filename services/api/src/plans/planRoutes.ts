import type { AnyObject } from 'yup';
import { idParamsSchema, planSchemas, type ComposedPlanFlags, type PlanFields } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { PlanQueries } from '@atendo/read';
import { route, type RouteSpec } from '../http/routeTable.js';
import type { RecordRouteDeps } from '../http/recordRoutes.js';

export interface PlanRouteDeps extends RecordRouteDeps {
  /** The composition's plan flags (the server's feature list): a plan's body takes and its answer gives each of them. */
  planFlags: ComposedPlanFlags;
}

/** The platform's plans: anyone may read the list (the sign-up page does, before an account exists); super users keep them. */
export function planRoutes({ knex, store, ids, readYourWrites, planFlags }: PlanRouteDeps): RouteSpec[] {
  const feature = 'plans';
  const plans = new PlanQueries(knex);
  const schemas = planSchemas(planFlags);
  const found = async (id: number) => {
    const plan = await plans.find(id);
    if (!plan) throw new AppError('ERR_NOT_FOUND', 404, `Plan ${id} not found`);
    return plan;
  };
  const actor = (userId: number) => ({ actor: { type: 'user' as const, userId } });
  /** Every plan, cheapest first: the sign-up page's list (public) and the signed-in console's. */
  const everyPlan = (path: string, summary: string, permission: 'public' | 'signedIn') =>
    route({
      method: 'get',
      path,
      feature,
      summary,
      permission,
      async handler({ res }) {
        res.json(await plans.all());
      },
    });
  return [
    everyPlan('/plans/list', 'Every plan, cheapest first: public, for the sign-up page', 'public'),
    everyPlan('/plans/all', 'Every plan, cheapest first', 'signedIn'),
    route<{ id: number }>({
      method: 'get',
      path: '/plans/:id',
      feature,
      summary: 'One plan',
      permission: 'plans:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id } }) {
        res.json(await found(id));
      },
    }),
    route<AnyObject, AnyObject, PlanFields>({
      method: 'post',
      path: '/plans',
      feature,
      summary: 'Add a plan (each feature flag at its declared default unless said otherwise)',
      permission: 'plans:manage',
      body: schemas.create,
      status: 201,
      async handler({ res, body, auth: { claims } }) {
        const id = await ids.next('plan');
        const result = await handleCommand(store, planDecider, planStream(id), { type: 'create', id, fields: body }, actor(claims.userId));
        await readYourWrites(result.position);
        res.status(201).json(await found(id));
      },
    }),
    route<{ id: number }, AnyObject, Partial<PlanFields>>({
      method: 'put',
      path: '/plans/:id',
      feature,
      summary: "Change a plan's name, value, limits or feature flags",
      permission: 'plans:manage',
      params: idParamsSchema(),
      body: schemas.changes,
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, body, auth: { claims } }) {
        const result = await handleCommand(store, planDecider, planStream(id), { type: 'update', changes: body }, actor(claims.userId));
        await readYourWrites(result.position);
        res.json(await found(id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/plans/:id',
      feature,
      summary: 'Delete a plan no company is on',
      permission: 'plans:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND', 'ERR_PLAN_IN_USE'],
      async handler({ res, params: { id }, auth: { claims } }) {
        await found(id);
        const on = await plans.companiesOn(id);
        if (on > 0) throw new AppError('ERR_PLAN_IN_USE', 409, `${on} companies are on plan ${id}`);
        const result = await handleCommand(store, planDecider, planStream(id), { type: 'delete' }, actor(claims.userId));
        await readYourWrites(result.position);
        res.json({ message: 'Plan deleted' });
      },
    }),
  ];
}
