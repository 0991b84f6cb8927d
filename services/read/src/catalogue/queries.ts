import type { Knex } from 'knex';
import type { Queue, SessionUser, Setting, Viewer, Whatsapp } from '@atendo/contracts';
import { whatsappPayload } from './catalogueProjection.js';

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

export interface ConnectionRecord {
  id: number;
  companyId: number;
  name: string;
  queueIds: number[];
}

const toConnection = (r: { id: number; company_id: number; name: string; queue_ids: number[] }): ConnectionRecord => ({
  id: r.id,
  companyId: r.company_id,
  name: r.name,
  queueIds: r.queue_ids,
});

export interface CompanyRecord {
  id: number;
  name: string;
  dueDate: Date | null;
  status: boolean;
  settings: Record<string, string>;
}

export class CatalogueQueries {
  constructor(private readonly knex: Knex) {}

  async userByEmail(email: string): Promise<UserRecord | null> {
    // The oldest first: the write side gives an e-mail to whoever claimed it first.
    const row = (await this.knex('users').whereRaw('lower(email) = lower(?)', [email]).orderBy('id').first()) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async user(companyId: number, id: number): Promise<UserRecord | null> {
    const row = (await this.knex('users').where({ company_id: companyId, id }).first()) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async company(id: number): Promise<CompanyRecord | null> {
    const row = await this.knex('companies').where({ id }).first();
    return row ? { id: row.id, name: row.name, dueDate: row.due_date, status: row.status, settings: row.settings } : null;
  }

  async viewer(companyId: number, userId: number): Promise<Viewer | null> {
    const user = await this.user(companyId, userId);
    return user ? { userId: user.id, companyId: user.companyId, profile: user.profile, queueIds: user.queueIds } : null;
  }

  async sessionUser(companyId: number, userId: number): Promise<SessionUser | null> {
    const user = await this.user(companyId, userId);
    const company = await this.company(companyId);
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
      company: { id: company.id, name: company.name, dueDate: company.dueDate ? new Date(company.dueDate).toISOString() : null, settings },
    };
  }

  async whatsapps(companyId: number): Promise<Whatsapp[]> {
    const rows = await this.knex('whatsapps').where({ company_id: companyId }).orderBy('id');
    return Promise.all(rows.map((r) => whatsappPayload(this.knex, r)));
  }

  async whatsapp(companyId: number, id: number): Promise<Whatsapp | null> {
    const row = await this.knex('whatsapps').where({ company_id: companyId, id }).first();
    return row ? whatsappPayload(this.knex, row) : null;
  }

  /** Every connection of every company, for the gateway to open their sessions. */
  async allWhatsapps(): Promise<ConnectionRecord[]> {
    const rows = await this.knex('whatsapps').select('id', 'company_id', 'name', 'queue_ids').orderBy('id');
    return rows.map(toConnection);
  }

  /** One connection by id, whatever its company (the gateway's view). */
  async connection(id: number): Promise<ConnectionRecord | null> {
    const row = await this.knex('whatsapps').where({ id }).first('id', 'company_id', 'name', 'queue_ids');
    return row ? toConnection(row) : null;
  }

  async queues(companyId: number): Promise<Queue[]> {
    const rows = await this.knex('queues').where({ company_id: companyId }).orderBy([{ column: 'order_queue', order: 'asc' }, 'id']);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      color: r.color,
      greetingMessage: r.greeting_message,
      outOfHoursMessage: r.out_of_hours_message,
      orderQueue: r.order_queue,
      promptId: null,
      integrationId: null,
    }));
  }

  async companyCount(): Promise<number> {
    const [{ count }] = (await this.knex('companies').count<{ count: number }[]>('* as count')) as [{ count: number }];
    return Number(count);
  }
}
