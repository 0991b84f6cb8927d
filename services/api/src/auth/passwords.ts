import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP's scrypt parameters: N=2^17, r=8, p=1, which take 128 MiB per hash (128 · N · r bytes).
export const DEFAULT_PASSWORD_HASH_COST = 17;
let N = 2 ** DEFAULT_PASSWORD_HASH_COST;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// Room for the parameters above; a stored hash asking for more is refused rather than allowed to exhaust memory.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * The process's hashing cost, log2 of scrypt's N (PASSWORD_HASH_COST). Hashes made at a lower cost are made again at
 * the next login (needsRehash). Only tests lower it: a hash at 2^17 costs a core about half a second.
 */
export function setPasswordHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20) throw new RangeError(`the password hash cost must be a whole number from 10 to 20, not ${log2N}`);
  N = 2 ** log2N;
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash made with weaker parameters than today's: hash the password again after a successful login. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < N || Number(r) < R || Number(p) < P;
}
