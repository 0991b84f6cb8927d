import { validationText } from '@atendo/contracts';
import type { FormikErrors } from 'formik';
import type { AnyObjectSchema, ValidationError } from 'yup';
import { ApiError } from '../../api/ApiError';
import { currentLanguage } from '../../i18n';

/**
 * A formik `validate` on a contracts schema: the server's own rules, each worded in the console's language with its
 * figures (`validation.tooShort` with min 2 → "must have at least 2 characters"). A required field says so first.
 */
export function validateWith<V extends object>(schema: AnyObjectSchema, prepare: (values: V) => unknown = (v) => v) {
  return async (values: V): Promise<FormikErrors<V>> => {
    try {
      await schema.validate(prepare(values), { abortEarly: false });
      return {};
    } catch (error) {
      const inner = (error as ValidationError).inner ?? [];
      const ordered = [...inner.filter((p) => p.type === 'required'), ...inner.filter((p) => p.type !== 'required')];
      const errors: Record<string, string> = {};
      for (const problem of ordered) {
        if (problem.path && !(problem.path in errors)) errors[problem.path] = validationText(problem.message, problem.params ?? {}, currentLanguage());
      }
      return errors as FormikErrors<V>;
    }
  };
}

/** The fields the server refused (ERR_VALIDATION's details, already worded in the caller's language). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'ERR_VALIDATION' || !Array.isArray(error.details)) return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details as unknown[]) {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && !(path in errors)) errors[path] = message;
  }
  return errors;
}
