import type { Knex } from 'knex';
import type { SessionUser, Setting, Viewer } from '@atendo/contracts';
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
});

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
    return user ? { userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super, queueIds: user.queueIds } : null;
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
}
