import type { Knex } from 'knex';
import { forgotPasswordParamsSchema, resetPasswordBodySchema, resetPasswordCodeParamsSchema, resetPasswordParamsSchema, type Language } from '@atendo/contracts';
import type { Request } from 'express';
import { handleCommand, userDecider, userStream } from '@atendo/core';
import { AppError, type EventStore } from '@atendo/platform';
import type { UserQueries } from '@atendo/read';
import { languageOf } from '../http/validate.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import type { Credentials } from './credentials.js';
import type { Mailer } from './mailer.js';
import { hashPassword } from './passwords.js';
import { PasswordResets, RESET_CODE_TTL_MINUTES } from './passwordResets.js';
import { RateLimiter } from './rateLimit.js';
import type { RefreshTokens } from './refreshTokens.js';

export interface PasswordResetRouteDeps {
  knex: Knex;
  store: EventStore;
  users: UserQueries;
  credentials: Credentials;
  refreshTokens: RefreshTokens;
  /** Null: no SMTP server is configured, and asking for a code answers 503 ERR_MAIL_NOT_SENT. */
  mailer: Mailer | null;
}

const MAIL: Record<Language, (code: string) => { subject: string; text: string }> = {
  pt: (code) => ({
    subject: 'Seu código para redefinir a senha',
    text: `Seu código para redefinir a senha no Atendo é ${code}.\n\nEle vale por ${RESET_CODE_TTL_MINUTES} minutos e uma única vez. Se você não pediu, ignore este e-mail: sua senha continua a mesma.`,
  }),
  en: (code) => ({
    subject: 'Your code to reset your password',
    text: `Your code to reset your Atendo password is ${code}.\n\nIt works once, for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  }),
  es: (code) => ({
    subject: 'Tu código para restablecer la contraseña',
    text: `Tu código para restablecer la contraseña de Atendo es ${code}.\n\nSirve una sola vez, durante ${RESET_CODE_TTL_MINUTES} minutos. Si no lo pediste, ignora este correo: tu contraseña sigue igual.`,
  }),
};

/**
 * Password reset (spec: e-mail step, then code step): a six-digit code is e-mailed, and with it a new password is set.
 * An unknown e-mail answers 404 as the spec says; both steps are limited per e-mail and per client address.
 */
export function passwordResetRoutes({ knex, store, users, credentials, refreshTokens, mailer }: PasswordResetRouteDeps): RouteSpec[] {
  const feature = 'auth';
  const resets = new PasswordResets(knex);
  const window = 15 * 60_000;
  const perEmail = new RateLimiter(knex, 'reset:email:', 5, window);
  const perAddress = new RateLimiter(knex, 'reset:address:', 20, window);
  const limited = async (email: string, address: string) => {
    const [byEmail, byAddress] = await Promise.all([perEmail.attempt(email), perAddress.attempt(address)]);
    if (!byEmail || !byAddress) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, 'Too many password reset attempts: wait 15 minutes');
  };
  const known = async (email: string) => {
    const user = await users.userByEmail(email);
    if (!user) throw new AppError('ERR_USER_DONT_EXISTS', 404, `No user has the e-mail ${email}`);
    return user;
  };
  async function reset(req: Request, email: string, token: string, newPassword: string) {
    await limited(email, req.ip ?? 'unknown');
    const user = await known(email);
    if (!(await resets.consume(user.email, token))) throw new AppError('ERR_INVALID_RESET_CODE', 400, 'The code is wrong, used or expired');
    await credentials.set(user.id, await hashPassword(newPassword));
    await refreshTokens.revokeUser(user.id);
    await handleCommand(store, userDecider, userStream(user.companyId, user.id), { type: 'changePassword', by: 'reset' }, { actor: { type: 'system' } });
  }

  return [
    route<{ email: string }>({
      method: 'post',
      path: '/forgetpassword/:email',
      feature,
      summary: 'E-mails a six-digit code that sets a new password (valid 15 minutes, once)',
      permission: 'public',
      params: forgotPasswordParamsSchema,
      errors: ['ERR_USER_DONT_EXISTS', 'ERR_TOO_MANY_REQUESTS', 'ERR_MAIL_NOT_SENT'],
      async handler({ req, res, params: { email } }) {
        await limited(email, req.ip ?? 'unknown');
        const user = await known(email);
        if (!mailer) throw new AppError('ERR_MAIL_NOT_SENT', 503, 'No SMTP server is configured (SMTP_URL)');
        const code = await resets.issue(user.email);
        try {
          await mailer.send({ to: user.email, ...MAIL[languageOf(req)](code) });
        } catch (error) {
          throw new AppError('ERR_MAIL_NOT_SENT', 503, `The SMTP server refused the e-mail: ${(error as Error).message}`);
        }
        res.json({ message: 'sent' });
      },
    }),
    route<{ email: string; token: string }, object, { newPassword: string }>({
      method: 'post',
      path: '/resetpasswords/:email/:token',
      feature,
      summary: 'Sets a new password (body: newPassword) with the e-mailed code; the code is spent and every session of the user ends',
      permission: 'public',
      params: resetPasswordCodeParamsSchema,
      body: resetPasswordBodySchema,
      errors: ['ERR_USER_DONT_EXISTS', 'ERR_INVALID_RESET_CODE', 'ERR_TOO_MANY_REQUESTS'],
      async handler({ req, res, params: { email, token }, body: { newPassword } }) {
        await reset(req, email, token, newPassword);
        res.json({ message: 'password updated' });
      },
    }),
    route<{ email: string; token: string; newPassword: string }>({
      method: 'post',
      path: '/resetpasswords/:email/:token/:newPassword',
      feature,
      summary: "The spec's form of the reset, the new password in the path (for the original console: a path lands in access logs, so send the body form)",
      permission: 'public',
      params: resetPasswordParamsSchema,
      errors: ['ERR_USER_DONT_EXISTS', 'ERR_INVALID_RESET_CODE', 'ERR_TOO_MANY_REQUESTS'],
      async handler({ req, res, params: { email, token, newPassword } }) {
        await reset(req, email, token, newPassword);
        res.json({ message: 'password updated' });
      },
    }),
  ];
}
