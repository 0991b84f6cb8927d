import { describe, expect, it } from 'vitest';
import { signAccessToken, TokenError, verifyAccessToken } from './tokens.js';

const claims = { userId: 5, companyId: 2, profile: 'admin' as const, super: false };

describe('access tokens', () => {
  it('round-trips the claims', () => {
    expect(verifyAccessToken(signAccessToken(claims, 's3cret', 60), 's3cret')).toEqual(claims);
  });
  it('refuses a token signed with another secret, a tampered one and garbage', () => {
    const token = signAccessToken(claims, 's3cret', 60);
    expect(() => verifyAccessToken(token, 'other')).toThrow(TokenError);
    const [h, b, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(b!, 'base64url').toString()), cid: 3 })).toString('base64url');
    expect(() => verifyAccessToken(`${h}.${forged}.${s}`, 's3cret')).toThrow(/invalid/);
    expect(() => verifyAccessToken('not.a.token', 's3cret')).toThrow(/invalid/);
    expect(() => verifyAccessToken(undefined, 's3cret')).toThrow(/missing/);
  });
  it('says expired once the lifetime is over', () => {
    const token = signAccessToken(claims, 's3cret', 60, Date.now() - 61_000);
    expect(() => verifyAccessToken(token, 's3cret')).toThrow(/expired/);
  });
});
