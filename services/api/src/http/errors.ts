import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '@atendo/core';
import type { ErrorBody } from '@atendo/contracts';

/** Turns any error into `{ error: code }` with its status; unexpected ones are logged and answered 500. */
export function errorHandler(log: { error(obj: unknown, msg?: string): void }): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      res.status(error.status).json(body);
      return;
    }
    // express.json() failures: the body was not JSON, or too large.
    const status = (error as { status?: number }).status;
    if (status === 400 || status === 413 || status === 415) {
      res.status(status).json({ error: 'ERR_VALIDATION', message: (error as Error).message } satisfies ErrorBody);
      return;
    }
    log.error({ err: error }, 'unhandled error');
    res.status(500).json({ error: 'ERR_INTERNAL_SERVER_ERROR' } satisfies ErrorBody);
  };
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'ERR_NOT_FOUND' } satisfies ErrorBody);
};
