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

  async companyCount(): Promise<number> {
    const [{ count }] = (await this.knex('companies').count<{ count: number }[]>('* as count')) as [{ count: number }];
    return Number(count);
  }
}
