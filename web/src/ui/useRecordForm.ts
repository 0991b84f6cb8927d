import { useFormik, type FormikConfig, type FormikErrors, type FormikHelpers, type FormikValues } from 'formik';
import { serverFieldErrors, showRefusal, type Wording } from './formErrors';
import { toastError, toastSuccess } from './toaster';

/** How a form shows a refused save. */
export interface Refusal extends Wording {
  /** A catalogue code that belongs to one field (a number already in the list), shown under that field. */
  fieldOfCode?: Partial<Record<string, string>>;
  /**
   * 'fields or toast' (the default): the fields the server named, or else the toast; 'fields and toast': the toast
   * always, beside the named fields.
   */
  show?: 'fields or toast' | 'fields and toast';
}

export interface RecordFormOptions<V extends FormikValues, R> {
  initialValues: V;
  /** Usually `validateWith(contractsSchema, …)`: the server's own rules, checked before sending. */
  validate(values: V): Promise<FormikErrors<V>> | FormikErrors<V>;
  /**
   * Creates or updates the record and answers it. Undefined: the save has said its own outcome (a refused upload
   * after the record was saved) and the form stays as it is.
   */
  save(values: V, helpers: FormikHelpers<V>): Promise<R | undefined>;
  /** The success toast's text (worded after the save, if a function); none for a form that says nothing on success. */
  savedText?: string | ((record: R) => string);
  onSaved?(record: R): void;
  /** After a save and its toast: a dialog closes. */
  onDone?(): void;
  refusal?: Refusal;
  /** Formik's options beyond these (`validateOnChange`, `enableReinitialize`). */
  formik?: Omit<FormikConfig<V>, 'initialValues' | 'validate' | 'onSubmit'>;
}

/**
 * A create-or-update form on formik: the contracts' schema checks before sending, a refusal keeps what was typed and
 * shows the fields the server named (or its catalogue text as a toast), a success is toasted and the form's owner is
 * told. Saving state is formik's `isSubmitting`. `errorOf(field)` is a field's error once it was touched or the form
 * was sent.
 */
export function useRecordForm<V extends FormikValues, R>({ initialValues, validate, save, savedText, onSaved, onDone, refusal = {}, formik: config }: RecordFormOptions<V, R>) {
  const { show = 'fields or toast', ...wording } = refusal;
  const formik = useFormik<V>({
    ...config,
    initialValues,
    validate,
    onSubmit: async (values, helpers) => {
      let saved: R | undefined;
      try {
        saved = await save(values, helpers);
      } catch (error) {
        if (show === 'fields or toast') {
          showRefusal<V>(error, helpers.setErrors, wording);
        } else {
          helpers.setErrors(serverFieldErrors<V>(error, wording));
          toastError(error);
        }
        return;
      }
      if (saved === undefined) return;
      if (savedText !== undefined) toastSuccess(typeof savedText === 'string' ? savedText : savedText(saved));
      onSaved?.(saved);
      onDone?.();
    },
  });
  const errorOf = (field: keyof V & string): string | undefined =>
    formik.touched[field] || formik.submitCount > 0 ? (formik.errors[field] as string | undefined) : undefined;
  return { formik, errorOf };
}
