import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { eventStoreMigrations, migrateLatest } from '@atendo/platform';
import { databaseSuite } from '../testing/databaseSuite.js';
import { runtimeMigrations } from '../migrations.js';
import { companiesMigrations } from '../companies/migrations.js';
import { plansMigrations } from './migrations.js';

const columnsOf = async (knex: Knex) => ((await knex('information_schema.columns').where({ table_name: 'plans' }).select('column_name')) as Array<{ column_name: string }>).map((c) => c.column_name);

describe('plan flags move from columns to one jsonb', () => {
  let knex: Knex;
  databaseSuite([], (database) => {
    ({ knex } = database);
  });

  it("keeps each existing plan's seven flags, drops their columns, and gives them back on the way down", async () => {
    await migrateLatest(knex, eventStoreMigrations, runtimeMigrations, companiesMigrations);
    const at = new Date();
    const limits = { users: 1, connections: 1, queues: 1, value: 9.9, created_at: at, updated_at: at };
    const on = { use_campaigns: true, use_schedules: true, use_internal_chat: true, use_external_api: true, use_kanban: true, use_open_ai: true, use_integrations: true };
    await knex('plans').insert([
      { id: 1, name: 'All', ...limits, ...on },
      { id: 2, name: 'Some', ...limits, ...on, use_kanban: false, use_open_ai: false },
    ]);

    await migrateLatest(knex, eventStoreMigrations, runtimeMigrations, companiesMigrations, plansMigrations);
    const all = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
    expect(await knex('plans').orderBy('id').select('id', 'flags')).toEqual([
      { id: 1, flags: all },
      { id: 2, flags: { ...all, useKanban: false, useOpenAi: false } },
    ]);
    expect((await columnsOf(knex)).filter((c) => c.startsWith('use_'))).toEqual([]);

    await plansMigrations[0]!.down(knex);
    expect(await knex('plans').where({ id: 2 }).first('use_kanban', 'use_open_ai', 'use_campaigns')).toEqual({ use_kanban: false, use_open_ai: false, use_campaigns: true });
    expect(await columnsOf(knex)).not.toContain('flags');
  });
});
