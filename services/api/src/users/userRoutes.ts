import type { Knex } from 'knex';
import type { AnyObject, InferType } from 'yup';
import {
  holds,
  idParamsSchema,
  languageParamsSchema,
  listUsersQuerySchema,
  userRefsQuerySchema,
  userChangesSchema,
  userSchema,
  type Language,
  type Position,
  type UserFields,
} from '@atendo/contracts';
import { USERS_PERMISSIONS } from '@atendo/contracts/users';
import { changeUser, createUser, deleteUser, handleCommand, userDecider, userStream, type CommandContext } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { CompanyQueries, ConnectionQueries, PlanQueries, QueueQueries, UserQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { Credentials } from '../auth/credentials.js';
import type { RefreshTokens } from '../auth/refreshTokens.js';
import { hashPassword } from '../auth/passwords.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { recordRoutes } from '../http/recordRoutes.js';
import { Presence } from './presence.js';

export interface UserRouteDeps {
  knex: Knex;
  store: EventStore;
  ids: IdAllocator;
  credentials: Credentials;
  refreshTokens: RefreshTokens;
  readYourWrites(position: Position | undefined): Promise<void>;
}

type NewUser = InferType<typeof userSchema>;
type UserChanges = InferType<typeof userChangesSchema>;

/**
 * A company's staff. Admins add, change and delete them (within the plan's user limit, unless the company switched
 * user creation off); everyone changes their own name, e-mail, password and language; only super users make super users.
 */
export function userRoutes({ knex, store, ids, credentials, refreshTokens, readYourWrites }: UserRouteDeps): RouteSpec[] {
  const feature = 'users';
  const users = new UserQueries(knex);
  const companies = new CompanyQueries(knex);
  const plans = new PlanQueries(knex);
  const queues = new QueueQueries(knex);
  const connections = new ConnectionQueries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  const presence = new Presence(knex);
  /** Users as the page shows them: with whether each is at a console now. */
  const withPresence = async <U extends { id: number; online: boolean }>(companyId: number, list: U[]): Promise<U[]> => {
    const online = await presence.online(companyId);
    return list.map((u) => ({ ...u, online: online.has(u.id) }));
  };
  const userRecord = recordRoutes({
    feature,
    permission: 'users:manage',
    path: '/users/:id',
    notFound: 'ERR_NO_USER_FOUND',
    noun: 'User',
    find: async (companyId, id) => {
      const user = await users.find(companyId, id);
      return user && (await withPresence(companyId, [user]))[0]!;
    },
  });
  const { found } = userRecord;

  /** Queues and the default connection must be the company's own. */
  async function checkLinks(companyId: number, fields: { queueIds?: number[]; whatsappId?: number | null }) {
    if (fields.queueIds?.length) {
      const own = new Set((await queues.queues(companyId)).map((q) => q.id));
      const foreign = fields.queueIds.filter((id) => !own.has(id));
      if (foreign.length) throw new AppError('ERR_VALIDATION', 400, `Queues ${foreign.join(', ')} are not the company's`, [{ path: 'queueIds', message: 'validation.invalid' }]);
    }
    if (fields.whatsappId != null && !(await connections.whatsapp(companyId, fields.whatsappId))) {
      throw new AppError('ERR_VALIDATION', 400, `Connection ${fields.whatsappId} is not the company's`, [{ path: 'whatsappId', message: 'validation.invalid' }]);
    }
  }

  /**
   * Only super users hand out the super flag, and only they touch a super user's record (else an admin of the platform
   * company could set the super user's password or e-mail and sign in as them); profiles and queues are the admins'
   * (spec §6: editProfile, editQueues).
   */
  function checkPowers(who: AuthContext, fields: { super?: boolean; profile?: string; queueIds?: number[]; allTicket?: string; whatsappId?: number | null }, current?: { super: boolean; profile: string }) {
    if (current?.super && !who.viewer.super) throw new AppError('ERR_NO_PERMISSION', 403, 'Only super users change super users');
    if (fields.super !== undefined && fields.super !== (current?.super ?? false) && !who.viewer.super) {
      throw new AppError('ERR_NO_PERMISSION', 403, 'Only super users make or unmake super users');
    }
    if (fields.profile !== undefined && fields.profile !== current?.profile && !holds(who.viewer, 'user-modal:editProfile', USERS_PERMISSIONS)) {
      throw new AppError('ERR_NO_PERMISSION', 403, "Only admins change a user's profile");
    }
    const others = fields.queueIds !== undefined || fields.allTicket !== undefined || fields.whatsappId !== undefined;
    if (others && !holds(who.viewer, 'user-modal:editQueues', USERS_PERMISSIONS)) throw new AppError('ERR_NO_PERMISSION', 403, "Only admins change a user's queues and connection");
  }

  /** A user of the company (else 404), and the caller themselves or one who manages users (else 403). */
  const ownOrManager = async ({ params: { id }, auth }: { params: { id: number }; auth: AuthContext }) => {
    await found(auth.viewer.companyId, id);
    if (id !== auth.viewer.userId && !holds(auth.viewer, 'users:manage', USERS_PERMISSIONS)) throw new AppError('ERR_NO_PERMISSION', 403, 'Only admins read or change other users');
  };

  /** Whoever held the old password is signed out: every session of the user ends, but the one of their own change. */
  async function setPassword(who: AuthContext, companyId: number, id: number, password: string) {
    const self = who.claims.userId === id;
    await credentials.set(id, await hashPassword(password));
    await refreshTokens.revokeUser(id, self ? who.claims.sessionId : undefined);
    return handleCommand(store, userDecider, userStream(companyId, id), { type: 'changePassword', by: self ? 'self' : 'admin' }, by(who));
  }

  return [
    userRecord.list({
      path: '/users',
      summary: "A page of the company's users whose name or e-mail holds searchParam",
      query: listUsersQuerySchema,
      async read({ query, auth }) {
        const page = await users.page(auth.viewer.companyId, query.searchParam, query.pageNumber);
        return { ...page, users: await withPresence(auth.viewer.companyId, page.users) };
      },
    }),
    route<AnyObject, { searchParam: string }>({
      method: 'get',
      path: '/users/list',
      feature,
      summary: "Every user of the company by name, or those whose name holds searchParam, for pickers (transfer, filters)",
      permission: 'signedIn',
      query: userRefsQuerySchema,
      async handler({ res, query, auth }) {
        res.json(await users.refs(auth.viewer.companyId, query.searchParam));
      },
    }),
    route<{ lang: Language }>({
      method: 'post',
      path: '/users/set-language/:lang',
      feature,
      summary: "The caller's language (pt, en or es), kept for their other devices and the API's messages",
      permission: 'signedIn',
      params: languageParamsSchema,
      async handler({ res, params: { lang }, auth }) {
        const result = await handleCommand(store, userDecider, userStream(auth.viewer.companyId, auth.viewer.userId), { type: 'update', changes: { language: lang } }, by(auth));
        await readYourWrites(result.position);
        res.json({ language: lang });
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/users/:id',
      feature,
      summary: 'One user of the company: an admin asks of anyone, a user of themselves',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_NO_USER_FOUND'],
      authorize: ownOrManager,
      async handler({ res, params: { id }, auth }) {
        res.json(await found(auth.viewer.companyId, id));
      },
    }),
    route<AnyObject, AnyObject, NewUser>({
      method: 'post',
      path: '/users',
      feature,
      summary: "Add a user to the company (within its plan's user limit, unless user creation is switched off)",
      permission: 'users:manage',
      body: userSchema,
      status: 201,
      errors: ['ERR_USER_CREATION_DISABLED', 'ERR_PLAN_LIMIT_REACHED', 'ERR_USER_EMAIL_ALREADY_EXISTS'],
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        const company = await companies.company(companyId);
        if (company?.settings.userCreation === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403, 'User creation is switched off for this company');
        checkPowers(auth, body);
        await checkLinks(companyId, body);
        // The limit is read from the read models: two admins adding the last seat at once may both get it.
        const plan = await plans.ofCompany(companyId);
        const count = await users.count(companyId);
        if (plan && count >= plan.users) throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, `The plan allows ${plan.users} users and the company has ${count}`, { limit: plan.users, count });
        const { password, ...rest } = body;
        const id = await ids.next('user');
        const fields: UserFields = { companyId, ...rest, whatsappId: rest.whatsappId ?? null };
        // The hash first: the user can sign in the moment they exist.
        await credentials.set(id, await hashPassword(password));
        const result = await createUser(store, id, fields, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await found(companyId, id));
      },
    }),
    route<{ id: number }, AnyObject, UserChanges>({
      method: 'put',
      path: '/users/:id',
      feature,
      summary: "Change a user: an admin anyone's, a user their own name, e-mail, password and language",
      permission: 'signedIn',
      params: idParamsSchema(),
      body: userChangesSchema,
      errors: ['ERR_NO_USER_FOUND', 'ERR_USER_EMAIL_ALREADY_EXISTS'],
      authorize: ownOrManager,
      async handler({ res, params: { id }, body, auth }) {
        const companyId = auth.viewer.companyId;
        const current = await found(companyId, id);
        checkPowers(auth, body, current);
        await checkLinks(companyId, body);
        const { password, ...changes } = body;
        let position: Position | undefined;
        if (Object.keys(changes).length > 0) position = (await changeUser(store, companyId, id, changes as Partial<UserFields>, current.email, by(auth))).position;
        if (password) position = (await setPassword(auth, companyId, id, password)).position;
        await readYourWrites(position);
        res.json(await found(companyId, id));
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/users/:id',
      feature,
      summary: 'Delete a user of the company (not oneself); their e-mail is free again',
      permission: 'users:manage',
      params: idParamsSchema(),
      errors: ['ERR_NO_USER_FOUND'],
      async handler({ res, params: { id }, auth }) {
        const companyId = auth.viewer.companyId;
        if (id === auth.viewer.userId) throw new AppError('ERR_VALIDATION', 400, 'Nobody can delete themselves', [{ path: 'id', message: 'validation.invalid' }]);
        const user = await found(companyId, id);
        if (user.super && !auth.viewer.super) throw new AppError('ERR_NO_PERMISSION', 403, 'Only super users delete super users');
        const result = await deleteUser(store, companyId, id, user.email, by(auth));
        await credentials.remove(id);
        await readYourWrites(result.position);
        res.json({ message: 'User deleted' });
      },
    }),
  ];
}
