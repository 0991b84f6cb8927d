import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';

export function queueRoutes(ctx: ApiContext): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/queue',
      feature: 'queues',
      summary: "The company's queues",
      permission: 'signedIn',
      async handler({ res, auth: { viewer } }) {
        res.json(await ctx.queues.queues(viewer.companyId));
      },
    }),
  ];
}
