import type { Knex } from 'knex';
import type { Request, Response } from 'express';
import type { LoginResponse } from '@atendo/contracts';
import { loginSchema } from '@atendo/contracts';
import { randomUUID } from 'node:crypto';
import { handleCommand, userDecider, userStream } from '@atendo/core';
import { AppError, type EventStore } from '@atendo/platform';
import type { UserQueries } from '@atendo/read';
import { route, type RouteSpec } from '../http/routeTable.js';
import { companyRefusal } from './companyGate.js';
import type { Credentials } from './credentials.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { RateLimiter } from './rateLimit.js';
import type { RefreshTokens } from './refreshTokens.js';
import { signAccessToken } from './tokens.js';

export const REFRESH_COOKIE = 'jrt';

export interface AuthRoutesOptions {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  secureCookies: boolean;
  users: UserQueries;
  refreshTokens: RefreshTokens;
  credentials: Credentials;
  /** Where sign-ins are recorded (UserSignedIn). */
  store: EventStore;
  /** Where the attempt counters live (PostgreSQL: they survive a restart and are shared by every API process). */
  knex: Knex;
  /**
   * Login attempts allowed per client address in each window (default 100 in 15 minutes); an account's failures in the
   * window past `freeFailures` (5) make its next attempts wait `delayMs` (1 s), doubling with each failure up to
   * `maxDelayMs` (10 s).
   */
  loginLimits?: { perAddress: number; windowMs: number; freeFailures: number; delayMs: number; maxDelayMs: number };
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

export function authRoutes(options: AuthRoutesOptions): RouteSpec[] {
  const feature = 'auth';
  const { users, refreshTokens, credentials, secret } = options;
  const limits = options.loginLimits ?? { perAddress: 100, windowMs: 15 * 60_000, freeFailures: 5, delayMs: 1_000, maxDelayMs: 10_000 };
  // One address trying many accounts is refused past its limit. One account guessed from many addresses is slowed, not
  // locked: a lock would let anyone keep its owner out, while a wait lets the owner in with the right password.
  const perAddress = new RateLimiter(options.knex, 'login:address:', limits.perAddress, limits.windowMs);
  const failures = new RateLimiter(options.knex, 'login:failures:', Number.MAX_SAFE_INTEGER, limits.windowMs);
  const delayAfter = (failed: number) =>
    failed < limits.freeFailures ? 0 : Math.min(limits.delayMs * 2 ** Math.min(failed - limits.freeFailures, 30), limits.maxDelayMs);

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
  async function session(companyId: number, userId: number, sessionId: string): Promise<LoginResponse> {
    const user = await users.sessionUser(companyId, userId);
    if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const refused = companyRefusal(user.company);
    // An admin of a company past its due date signs in to pay (the company's dueDate in the answer tells the console);
    // its other users are refused until it has paid.
    if (refused && !(refused.code === 'ERR_SUBSCRIPTION_EXPIRED' && user.profile === 'admin')) throw refused;
    const token = signAccessToken({ userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super, sessionId }, secret, options.accessTtlSeconds);
    return { token, user };
  }

  return [
    route<object, object, { email: string; password: string }>({
      method: 'post',
      path: '/auth/login',
      feature,
      summary: 'Sign in: the access token and the user; the refresh token goes in an httpOnly cookie',
      permission: 'public',
      body: loginSchema,
      errors: ['ERR_INVALID_CREDENTIALS', 'ERR_TOO_MANY_REQUESTS', 'ERR_SUBSCRIPTION_EXPIRED', 'ERR_COMPANY_DISABLED'],
      async handler({ req, res, body: { email, password } }) {
        const ip = req.ip ?? 'unknown';
        const account = email.toLowerCase();
        if (!(await perAddress.attempt(ip))) {
          throw new AppError('ERR_TOO_MANY_REQUESTS', 429, `Too many login attempts: wait ${Math.ceil(limits.windowMs / 60_000)} minutes`);
        }
        const wait = delayAfter(await failures.count(account));
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const user = await users.userByEmail(email);
        const stored = user ? await credentials.get(user.id) : null;
        const valid = await verifyPassword(password, stored ?? (await unknownUserHash));
        if (!user || !stored || !valid) {
          await failures.attempt(account);
          throw new AppError('ERR_INVALID_CREDENTIALS', 401, 'E-mail or password is wrong');
        }
        // A new session: the user's consoles of other sessions hear of it (`auth`) and say the account was used elsewhere.
        const sessionId = randomUUID();
        const answer = await session(user.companyId, user.id, sessionId);
        if (needsRehash(stored)) await credentials.set(user.id, await hashPassword(password));
        await failures.reset(account);
        setCookie(res, await refreshTokens.issue(user.id, user.companyId, sessionId));
        await handleCommand(options.store, userDecider, userStream(user.companyId, user.id), { type: 'signIn', sessionId }, { actor: { type: 'user', userId: user.id } });
        answer.sessionId = sessionId;
        res.json(answer);
      },
    }),
    route({
      method: 'post',
      path: '/auth/refresh_token',
      feature,
      summary: 'A new access token for the refresh cookie, which is rotated (a reused one ends the session everywhere)',
      permission: 'public',
      errors: ['ERR_SESSION_EXPIRED', 'ERR_SUBSCRIPTION_EXPIRED', 'ERR_COMPANY_DISABLED'],
      async handler({ req, res }) {
        const presented = readCookie(req, REFRESH_COOKIE);
        const rotated = presented ? await refreshTokens.rotate(presented) : ({ ok: false, reason: 'unknown' } as const);
        if (!rotated.ok) {
          clearCookie(res);
          throw new AppError('ERR_SESSION_EXPIRED', 401, rotated.reason === 'reused' ? 'This session was used elsewhere: log in again' : undefined);
        }
        try {
          const answer = await session(rotated.companyId, rotated.userId, rotated.sessionId);
          setCookie(res, rotated.token);
          res.json(answer);
        } catch (error) {
          await refreshTokens.revokeFamilyOf(rotated.token);
          clearCookie(res);
          throw error;
        }
      },
    }),
    route({
      method: 'delete',
      path: '/auth/logout',
      feature,
      summary: "Sign out: the refresh cookie's session ends",
      permission: 'public',
      status: 204,
      async handler({ req, res }) {
        const presented = readCookie(req, REFRESH_COOKIE);
        if (presented) await refreshTokens.revokeFamilyOf(presented);
        clearCookie(res);
        res.status(204).end();
      },
    }),
    route({
      method: 'get',
      path: '/auth/me',
      feature,
      summary: 'The signed-in user, with company, queues and settings',
      permission: 'signedIn',
      openWhenExpired: true,
      async handler({ res, auth: { claims } }) {
        const user = await users.sessionUser(claims.companyId, claims.userId);
        if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
        res.json(user);
      },
    }),
  ];
}
