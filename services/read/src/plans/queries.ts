import type { Knex } from 'knex';
import type { Plan, PlanFlagValues } from '@atendo/contracts';

interface PlanRow {
  id: string | number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: string;
  /** Every flag of the composition, by name (plansProjection, decision 0051). */
  flags: Record<string, unknown>;
  storage_mb: number;
  created_at: Date;
  updated_at: Date;
}

const toPlan = (row: PlanRow): Plan => ({
  id: Number(row.id),
  name: row.name,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  value: Number(row.value),
  // The flags as top-level booleans, as the spec's Plan has them.
  ...(Object.fromEntries(Object.entries(row.flags).filter(([, allowed]) => typeof allowed === 'boolean')) as PlanFlagValues),
  storageMb: row.storage_mb,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The platform's plans, as the sign-up page, the settings page and the companies' plan lookups read them. */
export class PlanQueries {
  constructor(private readonly knex: Knex) {}

  /** Every plan, cheapest first (then by name). */
  async all(): Promise<Plan[]> {
    return ((await this.knex('plans').orderBy([{ column: 'value' }, { column: 'name' }, { column: 'id' }])) as PlanRow[]).map(toPlan);
  }

  async find(id: number): Promise<Plan | null> {
    const row = (await this.knex('plans').where({ id }).first()) as PlanRow | undefined;
    return row ? toPlan(row) : null;
  }

  /** The plan a company is on. */
  async ofCompany(companyId: number): Promise<Plan | null> {
    const row = (await this.knex('plans').join('companies', 'companies.plan_id', 'plans.id').where('companies.id', companyId).first('plans.*')) as PlanRow | undefined;
    return row ? toPlan(row) : null;
  }

  /** How many companies are on the plan. */
  async companiesOn(id: number): Promise<number> {
    const [{ count }] = (await this.knex('companies').where({ plan_id: id }).count<{ count: string }[]>('* as count')) as [{ count: string }];
    return Number(count);
  }
}
