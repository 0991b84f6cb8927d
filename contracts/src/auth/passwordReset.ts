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

export const resetPasswordParamsSchema = yup.object({
  email: email(),
  token: yup.string().required().matches(/^\d{6}$/, 'validation.resetCode'),
  newPassword: newPasswordSchema(),
});
