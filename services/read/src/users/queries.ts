import type { Knex } from 'knex';
import type { QueueRef, SessionUser, Setting, User, UserPage, UserRef, Viewer } from '@atendo/contracts';
import { CompanyQueries } from '../companies/queries.js';

export interface UserRecord {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  super: boolean;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  queueIds: number[];
  language: string | null;
}

interface UserRow {
  id: number;
  company_id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  super: boolean;
  all_ticket: 'enabled' | 'desabled';
  whatsapp_id: number | null;
  queue_ids: number[];
  language?: string | null;
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  companyId: r.company_id,
  name: r.name,
  email: r.email,
  profile: r.profile,
  super: r.super,
  allTicket: r.all_ticket,
  whatsappId: r.whatsapp_id,
  queueIds: r.queue_ids,
  language: r.language ?? null,
});

export const USERS_PAGE_SIZE = 20;

interface UserListRow extends UserRow {
  language: string | null;
  whatsapp_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A user's record, and what the API's authentication asks of it: who is signed in, and what they may see. */
export class UserQueries {
  private readonly companies: CompanyQueries;

  constructor(private readonly knex: Knex) {
    this.companies = new CompanyQueries(knex);
  }

  async userByEmail(email: string): Promise<UserRecord | null> {
    // The oldest first: the write side gives an e-mail to whoever claimed it first.
    const row = (await this.knex('users').whereRaw('lower(email) = lower(?)', [email]).orderBy('id').first()) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async user(companyId: number, id: number): Promise<UserRecord | null> {
    const row = (await this.knex('users').where({ company_id: companyId, id }).first()) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async viewer(companyId: number, userId: number): Promise<Viewer | null> {
    const user = await this.user(companyId, userId);
    return user
      ? { userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super, queueIds: user.queueIds, allTicket: user.allTicket === 'enabled', language: user.language }
      : null;
  }

  async sessionUser(companyId: number, userId: number): Promise<SessionUser | null> {
    const user = await this.user(companyId, userId);
    const company = await this.companies.company(companyId);
    if (!user || !company) return null;
    const queues = user.queueIds.length
      ? await this.knex('queues').whereIn('id', user.queueIds).where({ company_id: companyId }).select('id', 'name', 'color').orderBy('id')
      : [];
    const settings: Setting[] = Object.entries(company.settings).map(([key, value]) => ({ key, value }));
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      companyId,
      profile: user.profile,
      super: user.super,
      allTicket: user.allTicket,
      whatsappId: user.whatsappId,
      queues,
      company: {
        id: company.id,
        name: company.name,
        dueDate: company.dueDate ? new Date(company.dueDate).toISOString() : null,
        status: company.status,
        disabledAt: company.disabledAt ? company.disabledAt.toISOString() : null,
        settings,
      },
    };
  }

  /** Users of the company as the users page shows them: whatsapp and queues by name. */
  private async toUsers(companyId: number, rows: UserListRow[]): Promise<User[]> {
    const queueIds = [...new Set(rows.flatMap((r) => r.queue_ids))];
    const queues = queueIds.length
      ? ((await this.knex('queues').whereIn('id', queueIds).where({ company_id: companyId }).select('id', 'name', 'color')) as Array<QueueRef & { id: string | number }>)
      : [];
    const byId = new Map(queues.map((q) => [Number(q.id), { id: Number(q.id), name: q.name, color: q.color }]));
    return rows.map((r) => ({
      id: Number(r.id),
      companyId: Number(r.company_id),
      name: r.name,
      email: r.email,
      profile: r.profile,
      super: r.super,
      allTicket: r.all_ticket,
      whatsappId: r.whatsapp_id === null ? null : Number(r.whatsapp_id),
      whatsapp: r.whatsapp_id === null || r.whatsapp_name === null ? null : { id: Number(r.whatsapp_id), name: r.whatsapp_name },
      queues: r.queue_ids.flatMap((id) => byId.get(Number(id)) ?? []),
      language: r.language,
      online: false,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  private listed(companyId: number) {
    return this.knex('users')
      .leftJoin('whatsapps', (j) => j.on('whatsapps.id', 'users.whatsapp_id').andOn('whatsapps.company_id', 'users.company_id'))
      .where('users.company_id', companyId)
      .select('users.*', 'whatsapps.name as whatsapp_name');
  }

  /** A page of the company's users whose name or e-mail holds `search` (any case), by name. */
  async page(companyId: number, search: string, pageNumber: number): Promise<UserPage> {
    const like = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matching = this.listed(companyId).modify((q) => {
      if (search.trim()) q.where((w) => w.whereRaw('lower(users.name) LIKE ?', [like]).orWhereRaw('lower(users.email) LIKE ?', [like]));
    });
    const [{ count }] = (await this.knex.from(matching.clone().as('m')).count<{ count: string }[]>('* as count')) as [{ count: string }];
    const rows = (await matching.clone().orderByRaw('lower(users.name), users.id').limit(USERS_PAGE_SIZE).offset((pageNumber - 1) * USERS_PAGE_SIZE)) as UserListRow[];
    const total = Number(count);
    return { users: await this.toUsers(companyId, rows), count: total, hasMore: pageNumber * USERS_PAGE_SIZE < total };
  }

  /** Every user of the company, for pickers. */
  async refs(companyId: number, searchParam = ''): Promise<UserRef[]> {
    const query = this.knex('users').where({ company_id: companyId });
    // The typed text as it is: % and _ match themselves.
    if (searchParam) query.whereRaw(`lower(name) LIKE ? ESCAPE '\\'`, [`%${searchParam.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    const rows = (await query.select('id', 'name', 'profile').orderByRaw('lower(name), id')) as Array<UserRef & { id: string | number }>;
    return rows.map((r) => ({ id: Number(r.id), name: r.name, profile: r.profile }));
  }

  async find(companyId: number, id: number): Promise<User | null> {
    const row = (await this.listed(companyId).where('users.id', id).first()) as UserListRow | undefined;
    return row ? (await this.toUsers(companyId, [row]))[0]! : null;
  }

  async count(companyId: number): Promise<number> {
    const [{ count }] = (await this.knex('users').where({ company_id: companyId }).count<{ count: string }[]>('* as count')) as [{ count: string }];
    return Number(count);
  }
}
