import type { Knex } from 'knex';
import { PLAN_FLAG_NAME, type Company, type CompanyPage, type CompanySchedule, type Recurrence } from '@atendo/contracts';

export interface CompanyRecord {
  id: number;
  name: string;
  dueDate: Date | null;
  status: boolean;
  /** When it was switched off (null when on, or switched off before this was kept). */
  disabledAt: Date | null;
  recurrence: Recurrence;
  planId: number;
  settings: Record<string, string>;
  schedules: CompanySchedule[];
}

export const COMPANIES_PAGE_SIZE = 20;

interface CompanyRow {
  id: string | number;
  name: string;
  email: string;
  phone: string;
  plan_id: string | number;
  plan_name: string | null;
  status: boolean;
  due_date: Date | null;
  recurrence: Recurrence;
  settings: Record<string, string>;
  schedules: CompanySchedule[];
  billing_name: string;
  address_zip_code: string;
  address_street: string;
  address_state: string;
  address_city: string;
  address_district: string;
  created_at: Date;
  updated_at: Date;
}

const toCompany = (row: CompanyRow): Company => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  planId: Number(row.plan_id),
  plan: row.plan_name === null ? null : { id: Number(row.plan_id), name: row.plan_name },
  status: row.status,
  dueDate: row.due_date ? row.due_date.toISOString() : null,
  recurrence: row.recurrence,
  settings: Object.entries(row.settings).map(([key, value]) => ({ key, value })),
  schedules: row.schedules,
  billingName: row.billing_name,
  addressZipCode: row.address_zip_code,
  addressStreet: row.address_street,
  addressState: row.address_state,
  addressCity: row.address_city,
  addressDistrict: row.address_district,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export class CompanyQueries {
  constructor(private readonly knex: Knex) {}

  async company(id: number): Promise<CompanyRecord | null> {
    const row = await this.knex('companies').where({ id }).first();
    return row
      ? {
          id: Number(row.id),
          name: row.name,
          dueDate: row.due_date,
          status: row.status,
          disabledAt: row.disabled_at ?? null,
          recurrence: row.recurrence,
          planId: Number(row.plan_id),
          settings: row.settings,
          schedules: row.schedules ?? [],
        }
      : null;
  }

  private withPlan() {
    return this.knex('companies').leftJoin('plans', 'plans.id', 'companies.plan_id').select('companies.*', 'plans.name as plan_name');
  }

  /** A company as the API answers it. */
  async find(id: number): Promise<Company | null> {
    const row = (await this.withPlan().where('companies.id', id).first()) as CompanyRow | undefined;
    return row ? toCompany(row) : null;
  }

  /** Every company, by name. */
  async all(): Promise<Company[]> {
    return ((await this.withPlan().orderByRaw('lower(companies.name), companies.id')) as CompanyRow[]).map(toCompany);
  }

  /** A page of companies whose name or e-mail holds `search` (any case), by name. */
  async page(search: string, pageNumber: number): Promise<CompanyPage> {
    const like = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matching = this.knex('companies').modify((q) => {
      if (search.trim()) q.where((w) => w.whereRaw('lower(companies.name) LIKE ?', [like]).orWhereRaw('lower(companies.email) LIKE ?', [like]));
    });
    const [{ count }] = (await matching.clone().count<{ count: string }[]>('* as count')) as [{ count: string }];
    const ids = (await matching.clone().select('companies.id').orderByRaw('lower(companies.name), companies.id').limit(COMPANIES_PAGE_SIZE).offset((pageNumber - 1) * COMPANIES_PAGE_SIZE)) as Array<{ id: string }>;
    const rows = ids.length ? ((await this.withPlan().whereIn('companies.id', ids.map((r) => r.id)).orderByRaw('lower(companies.name), companies.id')) as CompanyRow[]) : [];
    const total = Number(count);
    return { companies: rows.map(toCompany), count: total, hasMore: pageNumber * COMPANIES_PAGE_SIZE < total };
  }

  /** Whether the company's plan includes `flag` (`useCampaigns` …): false for a company or plan not found. */
  async planAllows(companyId: number, flag: string): Promise<boolean> {
    if (!PLAN_FLAG_NAME.test(flag)) throw new Error(`Not a plan flag: ${flag}`);
    // The plan's flags are one jsonb naming every flag of the composition (plansProjection, decision 0051).
    const row = (await this.knex('companies')
      .join('plans', 'plans.id', 'companies.plan_id')
      .where('companies.id', companyId)
      .first(this.knex.raw('(plans.flags ->> ?)::boolean as allowed', [flag]))) as { allowed: boolean | null } | undefined;
    return row?.allowed === true;
  }

  async companyCount(): Promise<number> {
    const [{ count }] = (await this.knex('companies').count<{ count: number }[]>('* as count')) as [{ count: number }];
    return Number(count);
  }
}
