import { validationText } from '@atendo/contracts';
import { setIn, type FormikErrors } from 'formik';
import type { AnyObject, ObjectSchema, ValidationError } from 'yup';
import { ApiError } from '../../api/ApiError';
import { currentLanguage } from '../../i18n';

function isValidationError(error: unknown): error is ValidationError {
  return (error as ValidationError | undefined)?.name === 'ValidationError';
}

/**
 * Checks `body` (what the form would send) with a schema of the contracts. The schemas carry rule keys
 * (`validation.tooShort` with `{ min: 2 }`): each refused field gets the rule's text in the console's language, which
 * `describe` turns into a sentence with the field's label.
 */
export async function checkWith<T extends AnyObject, V>(
  schema: ObjectSchema<T>,
  body: unknown,
  describe: (field: string, text: string) => string,
): Promise<FormikErrors<V>> {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!isValidationError(error)) throw error;
    let errors: FormikErrors<V> = {};
    const problems = error.inner.length > 0 ? error.inner : [error];
    // An empty field breaks its length rule too; "is required" says more.
    const required = (e: ValidationError) => (e.message === 'validation.required' ? 0 : 1);
    for (const inner of [...problems].sort((a, b) => required(a) - required(b))) {
      const field = (inner.path ?? '').split(/[.[]/)[0] ?? '';
      if (field && !(field in errors)) errors = setIn(errors, field, describe(field, validationText(inner.message, inner.params ?? {}, currentLanguage())));
    }
    return errors;
  }
}

/** The server's ERR_VALIDATION answer, `details: [{ path, message }]`, already worded in the caller's language. */
export function serverFieldErrors<V>(error: unknown, describe: (field: string, text: string) => string): FormikErrors<V> {
  if (!(error instanceof ApiError) || error.code !== 'ERR_VALIDATION' || !Array.isArray(error.details)) return {};
  let errors: FormikErrors<V> = {};
  for (const detail of error.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail.path === 'string' && typeof detail.message === 'string') errors = setIn(errors, detail.path, describe(detail.path, detail.message));
  }
  return errors;
}
