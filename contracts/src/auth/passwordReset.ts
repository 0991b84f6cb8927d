import { yup } from '../validation.js';

const email = () => yup.string().trim().lowercase().email().max(200).required();

/** Spec §5: at least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export const newPasswordSchema = () =>
  yup
    .string()
    .required()
    .max(50)
    .test('strong', 'validation.password', (v) => !v || (v.length >= 8 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v)));

export const forgotPasswordParamsSchema = yup.object({ email: email() });

const resetCode = () => yup.string().required().matches(/^\d{6}$/, 'validation.resetCode');

/** `POST /resetpasswords/{email}/{token}`: the e-mail and its code in the path, the new password in the body. */
export const resetPasswordCodeParamsSchema = yup.object({ email: email(), token: resetCode() });
export const resetPasswordBodySchema = yup.object({ newPassword: newPasswordSchema() });

/** The spec's form, with the new password in the path (kept for the original console; ours sends the body form). */
export const resetPasswordParamsSchema = yup.object({ email: email(), token: resetCode(), newPassword: newPasswordSchema() });
