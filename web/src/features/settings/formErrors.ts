import { validationText } from '@atendo/contracts';
import { getIn, setIn, type FormikErrors } from 'formik';
import type { ValidationError } from 'yup';
import { ApiError } from '../../api/ApiError';
import { currentLanguage } from '../../i18n';

/**
 * The shared schemas carry rule keys (`validation.tooShort` with `{ min: 2 }`), not sentences: this words each refused
 * field in the console's language. Formik's own yup bridge keeps only the key and drops the parameters.
 */
export function fieldErrors<T>(error: unknown): FormikErrors<T> {
  const problem = error as ValidationError;
  if (problem?.name !== 'ValidationError') throw error;
  let errors: FormikErrors<T> = {};
  for (const inner of problem.inner.length > 0 ? problem.inner : [problem]) {
    const path = inner.path ?? '';
    if (path && getIn(errors, path) === undefined) errors = setIn(errors, path, validationText(inner.message, inner.params ?? {}, currentLanguage()));
  }
  return errors;
}

/** The server's ERR_VALIDATION answer, `details: [{ path, message }]` already worded in the caller's language. */
export function serverFieldErrors<T>(error: unknown): FormikErrors<T> {
  if (!(error instanceof ApiError) || error.code !== 'ERR_VALIDATION' || !Array.isArray(error.details)) return {};
  let errors: FormikErrors<T> = {};
  for (const detail of error.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail.path === 'string' && typeof detail.message === 'string') errors = setIn(errors, detail.path, detail.message);
  }
  return errors;
}
