import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Viewer } from '@atendo/contracts';
import { AppError } from '@atendo/platform';
import type { UserQueries } from '@atendo/read';
import type { CompanyGate } from './companyGate.js';
import { TokenError, verifyAccessToken, type AccessClaims } from './tokens.js';

export interface AuthContext {
  claims: AccessClaims;
  viewer: Viewer;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
    /** The body's bytes as received (JSON bodies, and every body of a route marked `rawBody`). */
    rawBody?: Buffer;
  }
}

/** The caller's identity; `companyId` always comes from here, never from the request. */
export function auth(req: Request): AuthContext {
  if (!req.auth) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return req.auth;
}

/**
 * No token: 401 ERR_SESSION_EXPIRED (the console logs out). Expired or invalid token: 403 ERR_SESSION_EXPIRED
 * (the console refreshes once and retries). A deleted user: 401. A company switched off or past its due date: the
 * answer its login gets (403 ERR_COMPANY_DISABLED, 402 ERR_SUBSCRIPTION_EXPIRED), within the gate's few seconds; past its
 * due date, the routes marked `openWhenExpired` are still served.
 */
export function requireAuth(secret: string, users: UserQueries, companies: CompanyGate, options: { openWhenExpired?: boolean } = {}): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    let claims: AccessClaims;
    try {
      claims = verifyAccessToken(token, secret);
    } catch (error) {
      const missing = error instanceof TokenError && error.reason === 'missing';
      next(new AppError('ERR_SESSION_EXPIRED', missing ? 401 : 403));
      return;
    }
    try {
      const refused = await companies.refusal(claims.companyId);
      // A company past its due date still reaches what it needs to pay (its invoices, checkout): routes marked open.
      if (refused && !(options.openWhenExpired && refused.code === 'ERR_SUBSCRIPTION_EXPIRED')) throw refused;
      const viewer = await users.viewer(claims.companyId, claims.userId);
      if (!viewer) throw new AppError('ERR_SESSION_EXPIRED', 401, 'This user no longer exists');
      req.auth = { claims, viewer };
      next();
    } catch (error) {
      next(error);
    }
  };
}
