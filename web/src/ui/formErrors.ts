import { validationText } from '@atendo/contracts';
import { getIn, setIn, type FormikErrors } from 'formik';
import type { ValidationError } from 'yup';
import { ApiError } from '../api/ApiError';
import { currentLanguage } from '../i18n';
import { errorMessage, toastError } from './toaster';

/** How a form shows its refused fields. */
export interface Wording {
  /** Words a field's text, e.g. with the field's label (users: "Name is required"); `field` is the error's path. */
  describe?(field: string, text: string): string;
  /** Puts a nested rule's text on its top-level field (`queueIds[0]` → `queueIds`), for forms with one message a field. */
  topLevel?: boolean;
}

/** Anything with yup's `validate` (object schemas, concatenated or picked ones). */
interface Schema {
  validate(value: unknown, options: { abortEarly: boolean }): Promise<unknown>;
}

interface Problem {
  path?: string;
  message: string;
}

/** The first text a field gets wins (a path may be refused by several rules). */
function collect<V>(problems: Problem[], text: (problem: Problem) => string, { describe, topLevel }: Wording): FormikErrors<V> {
  let errors: FormikErrors<V> = {};
  for (const problem of problems) {
    const path = topLevel ? (problem.path ?? '').split(/[.[]/)[0] : problem.path;
    if (path && getIn(errors, path) === undefined) errors = setIn(errors, path, describe ? describe(path, text(problem)) : text(problem));
  }
  return errors;
}

const isRequired = (problem: ValidationError) => problem.type === 'required' || problem.message === 'validation.required';

/**
 * A contracts schema's refusal as formik errors. The shared schemas carry rule keys (`validation.tooShort` with
 * `{ min: 2 }`), not sentences: each field gets its rule worded in the console's language with its figures (formik's
 * own yup bridge keeps only the key). "Required" says the most about an empty field: it wins over the same field's
 * other rules. Anything other than a yup ValidationError is thrown again.
 */
export function schemaErrors<V>(error: unknown, wording: Wording = {}): FormikErrors<V> {
  const refusal = error as ValidationError | undefined;
  if (refusal?.name !== 'ValidationError') throw error;
  const problems = refusal.inner.length > 0 ? refusal.inner : [refusal];
  const ordered = [...problems.filter(isRequired), ...problems.filter((p) => !isRequired(p))];
  return collect<V>(ordered, (p) => validationText(p.message, (p as ValidationError).params ?? {}, currentLanguage()), wording);
}

/**
 * A formik `validate` on a contracts schema: the server's own rules, worded as `schemaErrors` does. `prepare` turns the
 * form's values into what the form would send (trimmed, numbers, only the fields the viewer may change).
 */
export function validateWith<V>(schema: Schema, { prepare, ...wording }: Wording & { prepare?(values: V): unknown } = {}) {
  return (values: V): Promise<FormikErrors<V>> =>
    schema.validate(prepare ? prepare(values) : values, { abortEarly: false }).then(
      () => ({}),
      (error: unknown) => schemaErrors<V>(error, wording),
    );
}

/** The fields a server refused: ERR_VALIDATION's `details: [{ path, message }]`, already worded in the caller's language. */
export function serverFieldErrors<V>(error: unknown, wording: Wording = {}): FormikErrors<V> {
  if (!(error instanceof ApiError) || error.code !== 'ERR_VALIDATION' || !Array.isArray(error.details)) return {};
  const problems = (error.details as unknown[]).filter((detail): detail is Problem => {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string';
  });
  return collect<V>(problems, (p) => p.message, wording);
}

/**
 * A refused save: the fields the server named, and a catalogue code that belongs to one field (`fieldOfCode`, e.g. a
 * colour already in use), shown under those fields; anything else as a toast.
 */
export function showRefusal<V>(error: unknown, setErrors: (errors: FormikErrors<V>) => void, { fieldOfCode = {}, ...wording }: Wording & { fieldOfCode?: Partial<Record<string, string>> } = {}): void {
  const fieldErrors = serverFieldErrors<V>(error, wording) as Record<string, string>;
  const field = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
  if (field) fieldErrors[field] = errorMessage(error);
  if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors as FormikErrors<V>);
  else toastError(error);
}
