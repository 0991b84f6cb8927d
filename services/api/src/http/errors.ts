import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '@atendo/platform';
import { validationText, type ComposedErrors, type ErrorBody, type ErrorCode, type Language } from '@atendo/contracts';
import { languageOf, type ValidationProblem } from './validate.js';

/** A rule's key: a common one (`validation.required`) or a feature's own (`prompts.validation.queueRequired`). */
const RULE_KEY = /^(?:\w+\.)?validation\./;
const isProblem = (d: unknown): d is ValidationProblem =>
  typeof d === 'object' && d !== null && typeof (d as ValidationProblem).message === 'string' && RULE_KEY.test((d as ValidationProblem).message);

/**
 * The answer to an error, in the caller's language: the catalogue code, its text, and for refused fields each
 * field's rule worded (`title: is required`). The error's own English wording, when it says more than the
 * catalogue's text, goes along as `reason` for integrators and logs. The texts are the catalogue composed from the
 * product's features.
 */
export function errorBody(error: AppError, language: Language, catalogue: ComposedErrors): ErrorBody {
  const code = error.code;
  const text = catalogue.texts[language][code] ?? error.message;
  const body: ErrorBody = { error: code, message: text };
  if (Array.isArray(error.details) && error.details.length > 0 && error.details.every(isProblem)) {
    const problems = error.details.map((p) => ({ path: p.path, rule: p.message.replace(RULE_KEY, ''), message: validationText(p.message, p.params ?? {}, language) }));
    body.message = problems.map((p) => `${p.path}: ${p.message}`).join('; ');
    body.details = problems;
    return body;
  }
  if (error.message && error.message !== code && error.message !== text) body.reason = error.message;
  if (error.details !== undefined) body.details = error.details;
  return body;
}

/** body-parser's error types (`error.type`) the caller caused, with what to tell them. */
const BODY_REFUSALS: Record<string, { status: number; reason: string }> = {
  'entity.parse.failed': { status: 400, reason: 'The body is not valid JSON' },
  'entity.too.large': { status: 413, reason: 'The body is larger than the server takes (1 MB of JSON)' },
  'charset.unsupported': { status: 415, reason: "The body's charset is not supported (send UTF-8)" },
  'encoding.unsupported': { status: 415, reason: "The body's Content-Encoding is not supported" },
  'request.aborted': { status: 400, reason: 'The body was cut off' },
  'request.size.invalid': { status: 400, reason: 'The body is not as long as its Content-Length says' },
  'parameters.too.many': { status: 413, reason: 'The body has too many fields' },
};

function bodyRefusal(error: unknown): { status: number; reason: string } | undefined {
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (typeof type !== 'string' || typeof status !== 'number' || status >= 500) return undefined;
  return BODY_REFUSALS[type] ?? { status: 400, reason: 'The body could not be read' };
}

/** Turns any error into `{ error: code, message }` with its status; unexpected ones are logged and answered 500. */
export function errorHandler(log: { error(obj: unknown, msg?: string): void }, catalogue: ComposedErrors): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const language = languageOf(req);
    if (error instanceof AppError) {
      res.status(error.status).json(errorBody(error, language, catalogue));
      return;
    }
    // express.json()'s refusals, in our words: the parser's own (a position in the JSON, a library's phrase) say
    // nothing to a caller and something of the server.
    const refused = bodyRefusal(error);
    if (refused) {
      res.status(refused.status).json({ error: 'ERR_VALIDATION', message: catalogue.texts[language].ERR_VALIDATION, reason: refused.reason } satisfies ErrorBody);
      return;
    }
    log.error({ err: error }, 'unhandled error');
    res.status(500).json({ error: 'ERR_INTERNAL_SERVER_ERROR', message: catalogue.texts[language].ERR_INTERNAL_SERVER_ERROR } satisfies ErrorBody);
  };
}

export function notFound(catalogue: ComposedErrors): RequestHandler {
  return (req, res) => {
    res.status(404).json({ error: 'ERR_NOT_FOUND', message: catalogue.texts[languageOf(req)].ERR_NOT_FOUND } satisfies ErrorBody);
  };
}
