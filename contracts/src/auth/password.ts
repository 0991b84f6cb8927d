import { yup } from '../validation.js';

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit (spec §5's rule for the reset). */
export const isStrongPassword = (v: string) => v.length >= 8 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);

/**
 * The one password rule: sign-up, a company's first admin, a user added or changed, the profile and the reset all
 * check it, on the server and in the console's forms (decision 0041). Optional unless `.required()`; an empty one is
 * refused rather than read as "no change".
 */
export const passwordSchema = () =>
  yup
    .string()
    .max(50)
    .test('strong', 'validation.password', (v) => v === undefined || isStrongPassword(v));
