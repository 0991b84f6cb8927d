import express, { type Express, type Router } from 'express';
import { errorHandler, notFound } from './errors.js';

export interface ApiAppOptions {
  log: { error(obj: unknown, msg?: string): void };
  /** Feature routers, mounted in order. */
  routers?: Router[];
  /** Served after the API routes (the built console). */
  staticDir?: string;
  health?: () => Promise<Record<string, unknown>>;
}

export function createApiApp(options: ApiAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(express.json({ limit: '1mb' }));
  app.get('/health', async (_req, res) => {
    res.json({ status: 'ok', ...(await options.health?.()) });
  });
  for (const router of options.routers ?? []) app.use(router);
  app.use(notFound);
  app.use(errorHandler(options.log));
  return app;
}
