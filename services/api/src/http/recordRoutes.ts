import { idParamsSchema } from '@atendo/contracts';
import { route, type RouteSpec } from './routeTable.js';

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
