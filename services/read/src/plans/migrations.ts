import type { Migration } from '@atendo/platform';

/** The seven flags the plans table kept as columns before flags were composed (decision 0051). */
const OLD_COLUMNS: Record<string, string> = {
  useCampaigns: 'use_campaigns',
  useSchedules: 'use_schedules',
  useInternalChat: 'use_internal_chat',
  useExternalApi: 'use_external_api',
  useKanban: 'use_kanban',
  useOpenAi: 'use_open_ai',
  useIntegrations: 'use_integrations',
};

/** The plans table itself is created by companies/migrations.ts (the catalogue's first migration). */
export const plansMigrations: Migration[] = [
  {
    // A plan's flags in one jsonb, by name: the features compose them, so a new flag is no new column (decision 0051).
    name: '202611291345_plan_flags_composed',
    async up(knex) {
      const pairs = Object.entries(OLD_COLUMNS).map(([flag, column]) => `'${flag}', ${column}`);
      await knex.raw(`
        ALTER TABLE plans ADD COLUMN flags jsonb NOT NULL DEFAULT '{}';
        UPDATE plans SET flags = jsonb_build_object(${pairs.join(', ')});
        ALTER TABLE plans ${Object.values(OLD_COLUMNS)
          .map((column) => `DROP COLUMN ${column}`)
          .join(', ')};
      `);
    },
    async down(knex) {
      await knex.raw(`
        ALTER TABLE plans ${Object.values(OLD_COLUMNS)
          .map((column) => `ADD COLUMN ${column} boolean NOT NULL DEFAULT true`)
          .join(', ')};
        UPDATE plans SET ${Object.entries(OLD_COLUMNS)
          .map(([flag, column]) => `${column} = coalesce((flags ->> '${flag}')::boolean, true)`)
          .join(', ')};
        ALTER TABLE plans DROP COLUMN flags;
      `);
    },
  },
];
