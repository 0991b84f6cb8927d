import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: number;
  companyId: number;
  profile: 'admin' | 'user';
  super: boolean;
  /** The sign-in this token was given for (its refresh family): a password change by the user ends the others. */
  sessionId?: string;
}

export class TokenError extends Error {
  constructor(readonly reason: 'missing' | 'invalid' | 'expired') {
    super(`Access token ${reason}`);
    this.name = 'TokenError';
  }
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

/** A JWT (HS256) carrying the claims, valid for `ttlSeconds`. */
export function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = base64url(
    JSON.stringify({ sub: String(claims.userId), cid: claims.companyId, prf: claims.profile, sup: claims.super, sid: claims.sessionId, iat, exp: iat + ttlSeconds }),
  );
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, secret)}`;
}

export function verifyAccessToken(token: string | undefined, secret: string, now = Date.now()): AccessClaims {
  return readAccessToken(token, secret, now).claims;
}

/** The claims of a valid token and when it expires (ms since the epoch), for sessions that outlive a request. */
export function readAccessToken(token: string | undefined, secret: string, now = Date.now()): { claims: AccessClaims; expiresAt: number } {
  if (!token) throw new TokenError('missing');
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature || header !== HEADER) throw new TokenError('invalid');
  const expected = Buffer.from(sign(`${header}.${body}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new TokenError('invalid');
  let payload: { sub?: string; cid?: number; prf?: string; sup?: boolean; sid?: unknown; exp?: number };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError('invalid');
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) throw new TokenError('expired');
  if (!payload.sub || typeof payload.cid !== 'number' || (payload.prf !== 'admin' && payload.prf !== 'user')) {
    throw new TokenError('invalid');
  }
  return {
    claims: {
      userId: Number(payload.sub),
      companyId: payload.cid,
      profile: payload.prf,
      super: payload.sup === true,
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    },
    expiresAt: payload.exp * 1000,
  };
}
