import { Router } from 'express';
import { auth, requireAuth } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';

export function queueRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/queue', requireAuth(ctx.secret, ctx.users), async (req, res) => {
    res.json(await ctx.queues.queues(auth(req).viewer.companyId));
  });
  return router;
}
