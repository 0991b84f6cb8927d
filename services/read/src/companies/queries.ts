import type { Knex } from 'knex';

export interface CompanyRecord {
  id: number;
  name: string;
  dueDate: Date | null;
  status: boolean;
  settings: Record<string, string>;
}

export class CompanyQueries {
  constructor(private readonly knex: Knex) {}

  async company(id: number): Promise<CompanyRecord | null> {
    const row = await this.knex('companies').where({ id }).first();
    return row ? { id: row.id, name: row.name, dueDate: row.due_date, status: row.status, settings: row.settings } : null;
  }

  /** Whether the company's plan includes `flag` (`useCampaigns` …): false for a company or plan not found. */
  async planAllows(companyId: number, flag: string): Promise<boolean> {
    const column = flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!/^use_[a-z_]+$/.test(column)) throw new Error(`Not a plan flag: ${flag}`);
    const row = (await this.knex('companies').join('plans', 'plans.id', 'companies.plan_id').where('companies.id', companyId).first(`plans.${column} as allowed`)) as
      | { allowed: boolean }
      | undefined;
    return row?.allowed === true;
  }

  async companyCount(): Promise<number> {
    const [{ count }] = (await this.knex('companies').count<{ count: number }[]>('* as count')) as [{ count: number }];
    return Number(count);
  }
}
