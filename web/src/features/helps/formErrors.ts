import { validationText } from '@atendo/contracts';
import type { FormikErrors } from 'formik';
import { ApiError } from '../../api/ApiError';
import { currentLanguage } from '../../i18n';

interface Problem {
  path?: string;
  type?: string;
  message: string;
  params?: Record<string, unknown>;
}

/**
 * A formik `validate` built on a contracts schema: the same rules the server checks, each worded in the console's
 * language with its own figures (`validation.tooLong` with max 255 → "must have at most 255 characters").
 */
interface Schema {
  validate(value: unknown, options: { abortEarly: boolean }): Promise<unknown>;
}

export function validateWith<V extends object>(schema: Schema) {
  return async (values: V): Promise<FormikErrors<V>> => {
    try {
      await schema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      const inner = (error as { inner?: Problem[] }).inner ?? [];
      const errors: Record<string, string> = {};
      // "Required" says the most about an empty field: it wins over the length rules of the same field.
      const ordered = [...inner.filter((p) => p.type === 'required'), ...inner.filter((p) => p.type !== 'required')];
      for (const problem of ordered) {
        if (problem.path && !(problem.path in errors)) {
          errors[problem.path] = validationText(problem.message, problem.params ?? {}, currentLanguage());
        }
      }
      return errors as FormikErrors<V>;
    }
  };
}

/** The fields a server refused (ERR_VALIDATION's details), worded by the server: `{ title: 'is required' }`. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details as unknown[]) {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && !(path in errors)) errors[path] = message;
  }
  return errors;
}
