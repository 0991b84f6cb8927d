import type { Knex } from 'knex';

export interface Migration {
  /** Sortable, unique across packages: `YYYYMMDDHHMM_what`. */
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** A knex migration source over migrations imported as modules, so no file loader or compiler is involved. */
export class ModuleMigrationSource implements Knex.MigrationSource<Migration> {
  private readonly migrations: Migration[];

  constructor(...groups: Migration[][]) {
    this.migrations = groups.flat().sort((a, b) => a.name.localeCompare(b.name));
    const names = new Set<string>();
    for (const m of this.migrations) {
      if (names.has(m.name)) throw new Error(`Duplicate migration name ${m.name}`);
      names.add(m.name);
    }
  }

  async getMigrations(): Promise<Migration[]> {
    return this.migrations;
  }

  getMigrationName(migration: Migration): string {
    return migration.name;
  }

  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return { up: migration.up, down: migration.down };
  }
}

export async function migrateLatest(knex: Knex, ...groups: Migration[][]): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource: new ModuleMigrationSource(...groups) })) as [
    number,
    string[],
  ];
  return applied;
}

/** A migration that is one SQL script each way (most of the read models' tables). */
export function sqlMigration(name: string, up: string, down: string): Migration {
  return {
    name,
    up: async (knex) => {
      await knex.raw(up);
    },
    down: async (knex) => {
      await knex.raw(down);
    },
  };
}
