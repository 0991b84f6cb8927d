import type { AnyObject, InferType } from 'yup';
import {
  companyChangesSchema,
  companySchema,
  defaultSettings,
  holds,
  idParamsSchema,
  listCompaniesQuerySchema,
  nextDueDate,
  schedulesSchema,
  signUpSchema,
  TRIAL_DAYS,
  type CompanyFields,
  type CompanySchedule,
  type Position,
} from '@atendo/contracts';
import { COMPANIES_PERMISSIONS } from '@atendo/contracts/companies';
import {
  claimUnique,
  companyDecider,
  companyStream,
  createUser,
  handleCommand,
  userStream,
  type CommandContext,
  type RecordState,
} from '@atendo/core';
import { AppError, PLATFORM_COMPANY } from '@atendo/platform';
import { CompanyQueries, PlanQueries } from '@atendo/read';
import type { AuthContext } from '../auth/middleware.js';
import type { Credentials } from '../auth/credentials.js';
import { hashPassword } from '../auth/passwords.js';
import { RateLimiter } from '../auth/rateLimit.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import type { RecordRouteDeps } from '../http/recordRoutes.js';

export interface CompanyRouteDeps extends RecordRouteDeps {
  credentials: Credentials;
}

type CompanyInput = InferType<typeof companySchema>;
type CompanyChanges = InferType<typeof companyChangesSchema>;

/** A company's own routes answer its users; another company's id is not found, whoever asks (but a super user). */
function ownOrSuper(who: AuthContext, companyId: number): void {
  if (who.viewer.companyId !== companyId && !holds(who.viewer, 'companies:manage', COMPANIES_PERMISSIONS)) throw new AppError('ERR_NOT_FOUND', 404, `Company ${companyId} not found`);
}

/**
 * Companies: the platform's super users keep them; anyone signs up (the trial is the server's to set); a company's
 * admins keep its opening hours; its users read its plan.
 */
export function companyRoutes({ knex, store, ids, credentials, readYourWrites }: CompanyRouteDeps): RouteSpec[] {
  const feature = 'companies';
  const companies = new CompanyQueries(knex);
  const plans = new PlanQueries(knex);
  const found = async (id: number) => {
    const company = await companies.find(id);
    if (!company) throw new AppError('ERR_NOT_FOUND', 404, `Company ${id} not found`);
    return company;
  };
  const planExists = async (planId: number) => {
    if (!(await plans.find(planId))) throw new AppError('ERR_VALIDATION', 400, `Plan ${planId} does not exist`, [{ path: 'planId', message: 'validation.invalid' }]);
  };
  // Each sign-up costs a password hash (half a second of a core) and a company: a few an hour from one address.
  const signUps = new RateLimiter(knex, 'signup:address:', 5, 60 * 60_000);
  const by = (who: AuthContext | null): CommandContext => ({ actor: who ? { type: 'user', userId: who.claims.userId } : { type: 'system' } });

  /**
   * A company and, with a password, its first admin (the company's e-mail). The admin's e-mail is claimed first, so a
   * taken e-mail refuses the whole thing before anything is written (decision 0016 on what a crash in between leaves).
   */
  async function addCompany(fields: CompanyFields, admin: { name: string; password: string } | null, who: AuthContext | null): Promise<number> {
    await planExists(fields.planId);
    const companyId = await ids.next('company');
    const context = by(who);
    const adminId = admin ? await ids.next('user') : 0;
    if (admin) {
      await claimUnique(store, { companyId: PLATFORM_COMPANY, kind: 'userEmail', value: fields.email, owner: userStream(companyId, adminId), code: 'ERR_USER_EMAIL_ALREADY_EXISTS' }, context);
    }
    let position = (await handleCommand(store, companyDecider, companyStream(companyId), { type: 'create', id: companyId, fields }, context)).position;
    if (admin) {
      await credentials.set(adminId, await hashPassword(admin.password));
      position = (
        await createUser(
          store,
          adminId,
          { companyId, name: admin.name, email: fields.email, profile: 'admin', super: false, allTicket: 'enabled', whatsappId: null, queueIds: [] },
          context,
        )
      ).position;
    }
    await readYourWrites(position);
    return companyId;
  }

  const changeCompany = async (id: number, change: (state: RecordState<CompanyFields>) => Partial<CompanyFields>, who: AuthContext) => {
    const result = await handleCommand(store, companyDecider, companyStream(id), (state: RecordState<CompanyFields>) => ({ type: 'update' as const, changes: change(state) }), by(who));
    await readYourWrites(result.position);
  };

  return [
    route<AnyObject, AnyObject, InferType<typeof signUpSchema>>({
      method: 'post',
      path: '/companies/cadastro',
      feature,
      summary: `Sign up: a company on a ${TRIAL_DAYS}-day trial with its first admin; due date, status and recurrence are set by the server`,
      permission: 'public',
      body: signUpSchema,
      status: 201,
      errors: ['ERR_USER_EMAIL_ALREADY_EXISTS', 'ERR_TOO_MANY_REQUESTS'],
      async handler({ req, res, body }) {
        if (!(await signUps.attempt(req.ip ?? 'unknown'))) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, 'Too many sign-ups from this address: wait an hour');
        const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString();
        const settings = { ...defaultSettings(), campaignsEnabled: 'true' };
        const companyId = await addCompany(
          { name: body.name, email: body.email, phone: body.phone, planId: body.planId, status: true, dueDate, recurrence: 'MENSAL', settings },
          { name: body.name, password: body.password },
          null,
        );
        const company = await found(companyId);
        res.status(201).json({ id: company.id, name: company.name, email: company.email, dueDate: company.dueDate, planId: company.planId });
      },
    }),
    route<AnyObject, InferType<typeof listCompaniesQuerySchema>>({
      method: 'get',
      path: '/companies',
      feature,
      summary: 'A page of companies whose name or e-mail holds searchParam',
      permission: 'companies:manage',
      query: listCompaniesQuerySchema,
      async handler({ res, query }) {
        res.json(await companies.page(query.searchParam, query.pageNumber));
      },
    }),
    route({
      method: 'get',
      path: '/companies/list',
      feature,
      summary: 'Every company, by name',
      permission: 'companies:manage',
      async handler({ res }) {
        res.json(await companies.all());
      },
    }),
    route<{ companyId: number }>({
      method: 'get',
      path: '/companies/listPlan/:companyId',
      feature,
      summary: "The company's plan with its use* flags: its own users, or a super user",
      permission: 'signedIn',
      params: idParamsSchema('companyId'),
      errors: ['ERR_NOT_FOUND'],
      authorize: ({ params: { companyId }, auth }) => ownOrSuper(auth, companyId),
      async handler({ res, params: { companyId } }) {
        const plan = await plans.ofCompany(companyId);
        if (!plan) throw new AppError('ERR_NOT_FOUND', 404, `Company ${companyId} has no plan`);
        res.json({ id: companyId, plan });
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/companies/:id',
      feature,
      summary: "One company: any for super users, their own for a company's admins (the settings page's opening hours)",
      permission: 'settings:manage',
      params: idParamsSchema(),
      authorize: ({ params: { id }, auth }) => ownOrSuper(auth, id),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id } }) {
        res.json(await found(id));
      },
    }),
    route<AnyObject, AnyObject, CompanyInput>({
      method: 'post',
      path: '/companies',
      feature,
      summary: 'Add a company; with a password, its first admin (the company e-mail) too',
      permission: 'companies:manage',
      body: companySchema,
      status: 201,
      errors: ['ERR_USER_EMAIL_ALREADY_EXISTS'],
      async handler({ res, body, auth }) {
        const { password, ...rest } = body;
        const fields: CompanyFields = { ...rest, dueDate: rest.dueDate ?? null, settings: defaultSettings(), disabledAt: rest.status ? null : new Date().toISOString() };
        const id = await addCompany(fields, password ? { name: body.name, password } : null, auth);
        res.status(201).json(await found(id));
      },
    }),
    route<{ id: number }, AnyObject, CompanyChanges>({
      method: 'put',
      path: '/companies/:id',
      feature,
      summary: "Change a company's data, plan, due date, recurrence or status (off: its users cannot sign in)",
      permission: 'companies:manage',
      params: idParamsSchema(),
      body: companyChangesSchema,
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, body, auth }) {
        if (body.planId !== undefined) await planExists(body.planId);
        if (id === auth.viewer.companyId && body.status === false) {
          throw new AppError('ERR_VALIDATION', 400, 'A super user cannot switch off their own company', [{ path: 'status', message: 'validation.invalid' }]);
        }
        await changeCompany(
          id,
          (state) => {
            const was = state.status === 'live' ? state.fields.status : undefined;
            const changes: Partial<CompanyFields> = { ...body } as Partial<CompanyFields>;
            if (body.status === false && was !== false) changes.disabledAt = new Date().toISOString();
            if (body.status === true && was === false) changes.disabledAt = null;
            return changes;
          },
          auth,
        );
        res.json(await found(id));
      },
    }),
    route<{ id: number }>({
      method: 'post',
      path: '/companies/:id/renew',
      feature,
      summary: "The settings page's Expire action: the due date moves one period of the recurrence (MENSAL 1 month … ANUAL 12)",
      permission: 'companies:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        await changeCompany(
          id,
          (state) => {
            if (state.status !== 'live') return {};
            // From the due date, or from today when there is none or it has passed.
            const due = state.fields.dueDate ? new Date(state.fields.dueDate) : null;
            const from = due && due.getTime() > Date.now() ? due : new Date();
            return { dueDate: nextDueDate(from, state.fields.recurrence).toISOString() };
          },
          auth,
        );
        res.json(await found(id));
      },
    }),
    route<{ id: number }, AnyObject, { schedules: CompanySchedule[] }>({
      method: 'put',
      path: '/companies/:id/schedules',
      feature,
      summary: "The company's opening hours per weekday (used when the setting scheduleType is company)",
      permission: 'settings:manage',
      params: idParamsSchema(),
      body: schedulesSchema,
      errors: ['ERR_NOT_FOUND'],
      async authorize({ params: { id }, auth }) {
        ownOrSuper(auth, id);
        await found(id);
      },
      async handler({ res, params: { id }, body, auth }) {
        await changeCompany(id, () => ({ schedules: body.schedules }), auth);
        res.json((await found(id)).schedules);
      },
    }),
    route<{ id: number }>({
      method: 'delete',
      path: '/companies/:id',
      feature,
      summary: 'Delete a company (its users can no longer sign in)',
      permission: 'companies:manage',
      params: idParamsSchema(),
      errors: ['ERR_NOT_FOUND'],
      async handler({ res, params: { id }, auth }) {
        if (id === auth.viewer.companyId) throw new AppError('ERR_VALIDATION', 400, 'A super user cannot delete their own company', [{ path: 'id', message: 'validation.invalid' }]);
        const result = await handleCommand(store, companyDecider, companyStream(id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        res.json({ message: 'Company deleted' });
      },
    }),
  ];
}
