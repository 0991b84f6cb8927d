import { Router, type Request, type Response } from 'express';
import type { LoginResponse } from '@atendo/contracts';
import { loginSchema } from '@atendo/contracts';
import { AppError } from '@atendo/core';
import type { CatalogueQueries } from '@atendo/read';
import { validate } from '../http/validate.js';
import { auth, requireAuth } from './middleware.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { RateLimiter } from './rateLimit.js';
import type { RefreshTokens } from './refreshTokens.js';
import { signAccessToken } from './tokens.js';

export const REFRESH_COOKIE = 'jrt';

export interface AuthRoutesOptions {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  secureCookies: boolean;
  catalogue: CatalogueQueries;
  refreshTokens: RefreshTokens;
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

// Compared against when the e-mail is unknown, so both failures take as long.
const unknownUserHash = hashPassword('not a password of anyone');

export function authRoutes(options: AuthRoutesOptions): Router {
  const router = Router();
  const { catalogue, refreshTokens, secret } = options;
  const perAccount = new RateLimiter(10, 15 * 60_000);
  const perAddress = new RateLimiter(100, 15 * 60_000);

  const setCookie = (res: Response, token: string) =>
    res.cookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      path: '/auth',
      maxAge: options.refreshTtlSeconds * 1000,
    });
  const clearCookie = (res: Response) => res.clearCookie(REFRESH_COOKIE, { path: '/auth', httpOnly: true, sameSite: 'strict', secure: options.secureCookies });

  /** The session answer, or the reason this user may not have one now. */
  async function session(companyId: number, userId: number): Promise<LoginResponse> {
    const user = await catalogue.sessionUser(companyId, userId);
    if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const dueDate = user.company.dueDate ? new Date(user.company.dueDate) : null;
    if (dueDate && dueDate.getTime() < Date.now()) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, `The subscription expired on ${dueDate.toISOString().slice(0, 10)}: contact support`, {
        dueDate: user.company.dueDate,
      });
    }
    const token = signAccessToken({ userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super }, secret, options.accessTtlSeconds);
    return { token, user };
  }

  router.post('/auth/login', async (req, res) => {
    const { email, password } = await validate(loginSchema, req.body);
    const ip = req.ip ?? 'unknown';
    if (!perAddress.attempt(ip) || !perAccount.attempt(`${ip}|${email.toLowerCase()}`)) {
      throw new AppError('ERR_TOO_MANY_REQUESTS', 429, 'Too many login attempts: wait 15 minutes');
    }
    const user = await catalogue.userByEmail(email);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await unknownUserHash));
    if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS', 401, 'E-mail or password is wrong');
    const answer = await session(user.companyId, user.id);
    perAccount.reset(`${ip}|${email.toLowerCase()}`);
    setCookie(res, await refreshTokens.issue(user.id, user.companyId));
    res.json(answer);
  });

  router.post('/auth/refresh_token', async (req, res) => {
    const presented = readCookie(req, REFRESH_COOKIE);
    const rotated = presented ? await refreshTokens.rotate(presented) : ({ ok: false, reason: 'unknown' } as const);
    if (!rotated.ok) {
      clearCookie(res);
      throw new AppError('ERR_SESSION_EXPIRED', 401, rotated.reason === 'reused' ? 'This session was used elsewhere: log in again' : undefined);
    }
    try {
      const answer = await session(rotated.companyId, rotated.userId);
      setCookie(res, rotated.token);
      res.json(answer);
    } catch (error) {
      await refreshTokens.revokeFamilyOf(rotated.token);
      clearCookie(res);
      throw error;
    }
  });

  router.delete('/auth/logout', async (req, res) => {
    const presented = readCookie(req, REFRESH_COOKIE);
    if (presented) await refreshTokens.revokeFamilyOf(presented);
    clearCookie(res);
    res.status(204).end();
  });

  router.get('/auth/me', requireAuth(secret, catalogue), async (req, res) => {
    const { claims } = auth(req);
    const user = await catalogue.sessionUser(claims.companyId, claims.userId);
    if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
    res.json(user);
  });

  return router;
}
