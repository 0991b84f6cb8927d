import { yup } from '../validation.js';
import { passwordSchema } from './password.js';

const email = () => yup.string().trim().lowercase().email().max(200).required();

const newPasswordSchema = () => passwordSchema().required();

export const forgotPasswordParamsSchema = yup.object({ email: email() });

const resetCode = () => yup.string().required().matches(/^\d{6}$/, 'validation.resetCode');

/** `POST /resetpasswords/{email}/{token}`: the e-mail and its code in the path, the new password in the body. */
export const resetPasswordCodeParamsSchema = yup.object({ email: email(), token: resetCode() });
export const resetPasswordBodySchema = yup.object({ newPassword: newPasswordSchema() });

/** The spec's form, with the new password in the path (kept for the original console; ours sends the body form). */
export const resetPasswordParamsSchema = yup.object({ email: email(), token: resetCode(), newPassword: newPasswordSchema() });
