import { getIn, type FormikProps } from 'formik';
import { i18n } from '../../i18n';

/**
 * A field's error as its form shows it, once the field was left or the form sent: "<label> <rule>". The contracts word
 * every rule, the features' own too (formErrors.ts); a key the console keeps itself is worded here. The server's field
 * errors arrive worded.
 */
export function shownError<V>(formik: FormikProps<V>, path: string, label: string): string | undefined {
  const error = getIn(formik.errors, path) as unknown;
  const shown = getIn(formik.touched, path) || formik.submitCount > 0;
  if (!shown || typeof error !== 'string') return undefined;
  return `${label} ${i18n.exists(error) ? i18n.t(error as never) : error}`;
}
