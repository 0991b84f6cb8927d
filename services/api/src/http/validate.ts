import type { RequestHandler } from 'express';
import type { AnySchema, InferType } from 'yup';
import { ValidationError } from 'yup';
import { findUnstorableText } from '@atendo/contracts';
import { AppError } from '@atendo/core';

/** Validates with a shared schema; bad input is a 400 ERR_VALIDATION naming each problem, never a 500. */
export async function validate<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      const problems = error.inner.length ? error.inner : [error];
      throw new AppError('ERR_VALIDATION', 400, problems.map((p) => `${p.path ?? 'body'}: ${p.message}`).join('; '), problems.map((p) => ({ path: p.path, message: p.message })));
    }
    throw error;
  }
}

/** A positive whole number from a route parameter, else 400. */
export function idParam(value: string | undefined, name = 'id'): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('ERR_VALIDATION', 400, `${name} must be a positive whole number`);
  return n;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Every route at once: text that cannot be stored (a NUL character, half of a surrogate pair) is refused with a 400
 * naming the field, before any route can write part of it.
 */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  const inBody = findUnstorableText(req.body);
  const inQuery = findUnstorableText(req.query);
  const path = inBody ?? (inQuery === undefined ? undefined : `query.${inQuery}`);
  if (path === undefined) return next();
  next(new AppError('ERR_VALIDATION', 400, `${path}: holds a character that cannot be stored (NUL or a broken character)`, [{ path, message: 'validation.unstorableText' }]));
};
