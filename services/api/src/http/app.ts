import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { errorHandler, notFound } from './errors.js';
import { refuseUnstorableText } from './validate.js';

export interface ApiAppOptions {
  log: { error(obj: unknown, msg?: string): void };
  /** Mounted before body parsing (proxies that stream the request on). */
  raw?: Array<[string, RequestHandler]>;
  /** Feature routers, mounted in order. */
  routers?: Router[];
  /** The built console: served at /, and its index.html for page navigations (e.g. a reload on /tickets/…). */
  staticDir?: string;
  /** What /health reports; `healthy: false` answers 503, so a load balancer or an orchestrator can act on it. */
  health?: () => Promise<{ healthy: boolean; details: Record<string, unknown> }>;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client (default: loopback only). */
  trustProxy?: boolean | number | string;
}

export function createApiApp(options: ApiAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  for (const [mount, handler] of options.raw ?? []) app.use(mount, handler);
  if (options.staticDir && existsSync(path.join(options.staticDir, 'index.html'))) {
    const index = path.join(options.staticDir, 'index.html');
    app.use(express.static(options.staticDir, { index: false, maxAge: '1h' }));
    // The console's routes share paths with the API (/tickets): a browser navigation gets the page, fetch gets JSON.
    app.use((req, res, next) => {
      if (req.method === 'GET' && req.accepts(['json', 'html']) === 'html' && !req.path.startsWith('/socket')) res.sendFile(index);
      else next();
    });
  }
  app.use(express.json({ limit: '1mb' }));
  app.use(refuseUnstorableText);
  app.get('/health', async (_req, res) => {
    try {
      const report = (await options.health?.()) ?? { healthy: true, details: {} };
      res.status(report.healthy ? 200 : 503).json({ status: report.healthy ? 'ok' : 'unhealthy', ...report.details });
    } catch (err) {
      // The check itself failed (the database is unreachable, say): that is an answer too.
      options.log.error({ err }, 'health check failed');
      res.status(503).json({ status: 'unhealthy', error: 'ERR_INTERNAL_SERVER_ERROR', message: err instanceof Error ? err.message : String(err) });
    }
  });
  for (const router of options.routers ?? []) app.use(router);
  app.use(notFound);
  app.use(errorHandler(options.log));
  return app;
}
