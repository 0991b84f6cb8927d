import { passwordSchema } from '../auth/password.js';
import { idSchema } from '../schemas.js';
import { LANGUAGES } from '../texts.js';
import { yup } from '../validation.js';
import type { Profile, QueueRef } from '../api.js';

/** A user as the API answers it (never a password or its hash). */
export interface User {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  queues: QueueRef[];
  language: string | null;
  /** Seen at a console within the last 5 minutes. */
  online: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserPage {
  users: User[];
  count: number;
  hasMore: boolean;
}

/** The user list's entries for pickers (transfer, filters): who, not how to reach them. */
export interface UserRef {
  id: number;
  name: string;
  profile: Profile;
}

const name = () => yup.string().trim().min(2).max(50);
const email = () => yup.string().trim().lowercase().email().max(200);

/** A new user (spec §5: name 2–50, a valid e-mail; the password by the one rule, decision 0041). */
export const userSchema = yup.object({
  name: name().required(),
  email: email().required(),
  password: passwordSchema().required(),
  profile: yup.string().oneOf(['user', 'admin'] as const).default('user'),
  super: yup.boolean().default(false),
  allTicket: yup.string().oneOf(['enabled', 'desabled'] as const).default('desabled'),
  whatsappId: idSchema().nullable().default(null),
  queueIds: yup.array(idSchema().required()).max(200).default([]),
});

/** A change to a user; the password is optional on edit (spec §5). */
export const userChangesSchema = yup.object({
  name: name(),
  email: email(),
  password: passwordSchema(),
  profile: yup.string().oneOf(['user', 'admin'] as const),
  super: yup.boolean(),
  allTicket: yup.string().oneOf(['enabled', 'desabled'] as const),
  whatsappId: idSchema().nullable(),
  queueIds: yup.array(idSchema().required()).max(200),
});

export const listUsersQuerySchema = yup.object({
  searchParam: yup.string().trim().max(100).default(''),
  pageNumber: yup.number().integer().min(1).max(100_000).default(1),
});

/** `GET /users/list`: every user of the company by name, or those whose name holds `searchParam` (the transfer picker). */
export const userRefsQuerySchema = yup.object({
  searchParam: yup.string().trim().max(100, 'validation.tooLong').default(''),
});

export const languageParamsSchema = yup.object({ lang: yup.string().oneOf(LANGUAGES).required() });
