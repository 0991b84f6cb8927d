import type { Knex } from 'knex';
import type { Help, HelpPage } from '@atendo/contracts';

export const HELPS_PAGE_SIZE = 20;

interface HelpRow {
  id: number;
  title: string;
  video: string;
  description: string;
  created_at: Date;
  updated_at: Date;
}

const toHelp = (row: HelpRow): Help => ({
  id: row.id,
  title: row.title,
  video: row.video,
  description: row.description,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export class HelpQueries {
  constructor(private readonly knex: Knex) {}

  /** A page of entries whose title holds `search` (any case), by title. */
  async page(search: string, pageNumber: number): Promise<HelpPage> {
    const matching = this.knex<HelpRow>('helps').modify((q) => {
      if (search.trim()) q.whereRaw('lower(title) LIKE ?', [`%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    });
    const [{ count }] = (await matching.clone().count<{ count: string }[]>('* as count')) as [{ count: string }];
    const rows = (await matching
      .clone()
      .orderByRaw('lower(title), id')
      .limit(HELPS_PAGE_SIZE)
      .offset((pageNumber - 1) * HELPS_PAGE_SIZE)) as HelpRow[];
    const total = Number(count);
    return { records: rows.map(toHelp), count: total, hasMore: pageNumber * HELPS_PAGE_SIZE < total };
  }

  async all(): Promise<Help[]> {
    return ((await this.knex('helps').orderByRaw('lower(title), id')) as HelpRow[]).map(toHelp);
  }

  async find(id: number): Promise<Help | null> {
    const row = (await this.knex('helps').where({ id }).first()) as HelpRow | undefined;
    return row ? toHelp(row) : null;
  }
}
