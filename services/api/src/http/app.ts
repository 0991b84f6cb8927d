import { existsSync } from 'node:fs';
import type { ComposedErrors } from '@atendo/contracts';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler } from 'express';
import { verifyAccessToken } from '../auth/tokens.js';
import expressStaticGzip from 'express-static-gzip';
import { errorHandler, notFound } from './errors.js';
import { openApiDocument } from './openapi.js';
import { securityHeaders } from './securityHeaders.js';
import { checkRouteTable, mountRouteTable, route, type MountOptions, type RouteSpec } from './routeTable.js';
import { dropForbiddenKeys, refuseDeepJson, refuseUnstorableText } from './validate.js';

export interface ApiAppOptions extends MountOptions {
  log: { error(obj: unknown, msg?: string): void };
  /** Mounted before body parsing (proxies that stream the request on). */
  raw?: Array<[string, RequestHandler]>;
  /** The features' entries of the route table, mounted in order; nothing else is served (but /health and /openapi.json). */
  routes: RouteSpec[];
  /** The error catalogue composed from the product's features: the errors' `message` and /openapi.json read it. */
  errors: ComposedErrors;
  /** The built console: served at /, and its index.html for page navigations (e.g. a reload on /tickets/…). */
  staticDir?: string;
  /**
   * What /health reports; `healthy: false` answers 503, so a load balancer or an orchestrator can act on it; `degraded`
   * (a part serving one company is stuck) answers 200 with status `degraded`, for an operator to look.
   */
  health?: () => Promise<{ healthy: boolean; degraded?: boolean; details: Record<string, unknown> }>;
  /**
   * Who is shown /health's details (roles, read models, connections): anyone, or (in production) a super admin's token
   * only; everyone else gets the status alone, which is all a load balancer reads.
   */
  healthDetails?: 'public' | 'superAdmin';
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client (default: loopback only). */
  trustProxy?: boolean | number | string;
}

/** The whole table: the app's own entries and the features'. */
export function apiRoutes(options: Pick<ApiAppOptions, 'routes' | 'errors' | 'health' | 'log' | 'healthDetails' | 'secret' | 'users'>): RouteSpec[] {
  const mayReadDetails = async (req: Request): Promise<boolean> => {
    if (options.healthDetails !== 'superAdmin') return true;
    const header = req.headers.authorization;
    try {
      const claims = verifyAccessToken(header?.startsWith('Bearer ') ? header.slice(7) : undefined, options.secret);
      // The user as stored now: a token outlives a super admin's demotion by its few minutes at most, but not here.
      return (await options.users.viewer(claims.companyId, claims.userId))?.super === true;
    } catch {
      return false;
    }
  };
  const own: RouteSpec[] = [
    route({
      method: 'get',
      path: '/health',
      feature: 'platform',
      summary:
        "Up or not: 503 when a read model is stopped or too far behind. With each role's state and each read model's position and lag, except in production, where only a super admin's token is shown them",
      permission: 'public',
      async handler({ req, res }) {
        const details = await mayReadDetails(req);
        try {
          const report = (await options.health?.()) ?? { healthy: true, details: {} };
          const status = !report.healthy ? 'unhealthy' : report.degraded ? 'degraded' : 'ok';
          res.status(report.healthy ? 200 : 503).json(details ? { status, ...report.details } : { status });
        } catch (err) {
          // The check itself failed (the database is unreachable, say): that is an answer too.
          options.log.error({ err }, 'health check failed');
          const reason = { error: 'ERR_INTERNAL_SERVER_ERROR', message: err instanceof Error ? err.message : String(err) };
          res.status(503).json({ status: 'unhealthy', ...(details ? reason : {}) });
        }
      },
    }),
    route({
      method: 'get',
      path: '/openapi.json',
      feature: 'platform',
      summary: 'This document: every route of the API, derived from the route table',
      permission: 'public',
      handler({ res }) {
        res.json(document);
      },
    }),
  ];
  const table = [...own, ...options.routes];
  checkRouteTable(table);
  const document = openApiDocument(table, { title: 'Atendo API', version: '1' }, options.errors.codes);
  return table;
}

export function createApiApp(options: ApiAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  app.use(securityHeaders());
  for (const [mount, handler] of options.raw ?? []) app.use(mount, handler);
  // Text answers (the console's scripts and styles, JSON) travel compressed: brotli where the browser takes it, else gzip.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  if (options.staticDir && existsSync(path.join(options.staticDir, 'index.html'))) {
    const index = path.join(options.staticDir, 'index.html');
    // The build's brotli and gzip copies, the smallest the browser takes (web/scripts/precompress.mjs). Built files carry
    // a hash of their content in their name: cached for a year; index.html is asked again each time.
    app.use(
      expressStaticGzip(options.staticDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders(res, file) {
            res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        },
      }),
    );
    // The console's routes share paths with the API (/tickets): a browser navigation gets the page, fetch gets JSON.
    // A media link opened in a tab (/public/…) gets the file.
    app.use((req, res, next) => {
      if (req.method === 'GET' && req.accepts(['json', 'html']) === 'html' && !req.path.startsWith('/socket') && !req.path.startsWith('/public/')) res.sendFile(index, { headers: { 'cache-control': 'no-cache' } });
      else next();
    });
  }
  // The bytes as they came stay on the request for routes that check a signature over them (`rawBody` in the table).
  app.use(
    express.json({
      limit: '1mb',
      reviver: dropForbiddenKeys,
      verify: (req, res, buf) => {
        refuseDeepJson(req, res, buf);
        (req as Request).rawBody = buf;
      },
    }),
  );
  app.use(refuseUnstorableText);
  mountRouteTable(app, apiRoutes(options), options);
  app.use(notFound(options.errors));
  app.use(errorHandler(options.log, options.errors));
  return app;
}
