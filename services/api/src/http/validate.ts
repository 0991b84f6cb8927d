import type { Request, RequestHandler } from 'express';
import { ArraySchema, ObjectSchema, ValidationError, type AnySchema, type InferType } from 'yup';
import { findUnstorableText, isLanguage, type Language } from '@atendo/contracts';
import { AppError } from '@atendo/platform';

/** One refused field: the rule key of the shared schema and the rule's own figures (a maximum length, say). */
export interface ValidationProblem {
  path: string;
  /** `validation.<rule>`, translated by the error handler (VALIDATION_TEXTS). */
  message: string;
  params?: Record<string, unknown>;
}

/** The figures a rule's text names; never the value sent, which may be huge or private. */
const RULE_PARAMS = ['min', 'max', 'length', 'values', 'type', 'unknown'] as const;

const JSON_TYPES: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  object: (v) => typeof v === 'object' && !Array.isArray(v),
  array: (v) => Array.isArray(v),
};

/**
 * Values whose JSON type is not the schema's, at every depth: a JSON body says what type each value is, and
 * `{"body": 123}` is refused rather than taken for the text "123" (yup would convert it). Route parameters and
 * query strings are text by nature and are converted as before; dates have no JSON type and are left to yup.
 */
export function typeProblems(schema: AnySchema, value: unknown, path = ''): ValidationProblem[] {
  if (value === null || value === undefined) return [];
  const check = JSON_TYPES[schema.type];
  if (check && !check(value)) return [{ path: path || 'body', message: 'validation.type', params: { type: schema.type } }];
  if (schema instanceof ObjectSchema) {
    const fields = schema.fields as Record<string, AnySchema>;
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      Object.hasOwn(fields, key) ? typeProblems(fields[key]!, v, path ? `${path}.${key}` : key) : [],
    );
  }
  if (schema instanceof ArraySchema && schema.innerType) {
    const inner = schema.innerType as AnySchema;
    return (value as unknown[]).flatMap((v, i) => typeProblems(inner, v, `${path}[${i}]`));
  }
  return [];
}

/**
 * Validates with a shared schema; bad input is a 400 ERR_VALIDATION naming each field and rule (the error handler
 * words them in the caller's language), never a 500. `body: true` refuses values of the wrong type.
 */
export async function validate<S extends AnySchema>(schema: S, input: unknown, options: { body?: boolean } = {}): Promise<InferType<S>> {
  const wrongTypes = options.body ? typeProblems(schema, input ?? {}) : [];
  if (wrongTypes.length > 0) throw new AppError('ERR_VALIDATION', 400, wrongTypes.map((p) => `${p.path}: must be of type ${String(p.params!.type)}`).join('; '), wrongTypes);
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      const problems: ValidationProblem[] = (error.inner.length ? error.inner : [error]).map((p) => {
        const params: Record<string, unknown> = {};
        for (const name of RULE_PARAMS) if (p.params?.[name] !== undefined) params[name] = p.params[name];
        return { path: p.path || 'body', message: String(p.message), params };
      });
      throw new AppError('ERR_VALIDATION', 400, problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);
    }
    throw error;
  }
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
  next(new AppError('ERR_VALIDATION', 400, `${path}: holds a character that cannot be stored (NUL or a broken character)`, [{ path, message: 'validation.unstorableText' }] satisfies ValidationProblem[]));
};

/**
 * Keys that JSON may carry but no object of ours may take: `__proto__` would reach yup's field lookup (a 500) or an
 * object's prototype, `constructor` and `prototype` shadow what every object has. They are dropped as the body is parsed.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function dropForbiddenKeys(key: string, value: unknown): unknown {
  return FORBIDDEN_KEYS.has(key) ? undefined : value;
}

/** Deeper than any body of ours (a flow graph's block data is the deepest, a handful of levels). */
export const MAX_JSON_DEPTH = 64;

/**
 * express.json's `verify`: refuses a body nesting deeper than MAX_JSON_DEPTH before it is parsed. Parsing it would
 * run the reviver and every walk of the body as deep, and the runtime's stack gives out first (a RangeError). The
 * bytes are scanned as they are: in UTF-8 no byte of a longer character is a bracket or a quote.
 */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw new AppError('ERR_VALIDATION', 400, `The body nests deeper than ${MAX_JSON_DEPTH} levels`, [{ path: 'body', message: 'validation.invalid' }] satisfies ValidationProblem[]);
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
}

/** The language of the answer: the request's Accept-Language, else the user's own, else English. */
export function languageOf(req: Request): Language {
  // Most preferred first; `*` (what fetch sends unless told) names no language.
  for (const tag of req.acceptsLanguages()) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLanguage(language)) return language;
  }
  const own = (req.auth?.viewer as { language?: unknown } | undefined)?.language;
  return isLanguage(own) ? own : 'en';
}
