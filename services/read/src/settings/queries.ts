import type { Knex } from 'knex';
import { withDefaults, type SettingKey } from '@atendo/contracts';

/** A company's settings, read from its row of the companies table (the settings live in the company record). */
export class SettingsQueries {
  constructor(private readonly knex: Knex) {}

  /** Every setting of the company, stored values first and defaults for keys never set; null for no such company. */
  async of(companyId: number): Promise<Array<{ key: SettingKey; value: string }> | null> {
    const row = (await this.knex('companies').where({ id: companyId }).first('settings')) as { settings: Record<string, string> } | undefined;
    return row ? withDefaults(row.settings) : null;
  }
}
