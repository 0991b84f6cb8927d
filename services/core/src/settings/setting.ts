import type { CompanyFields, SettingKey } from '@atendo/contracts';
import type { EventStore } from '@atendo/platform';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import { companyDecider, companyStream } from '../companies/company.js';
import type { RecordCommand, RecordState } from '../records/record.js';

/**
 * A company's settings (contracts/src/settings/settings.ts) are a map kept in its company record: a change is a
 * `CompanyUpdated` whose changes hold the whole map. The map is written from the stream's own state, so two admins
 * changing two keys at once keep both.
 */
export const settingChange =
  (key: SettingKey, value: string) =>
  (state: RecordState<CompanyFields>): RecordCommand<CompanyFields> => ({
    type: 'update',
    changes: { settings: { ...(state.status === 'live' ? state.fields.settings : {}), [key]: value } },
  });

/** Changes one setting of a company (the value already checked against the key's allowed values). */
export function changeSetting(store: EventStore, companyId: number, key: SettingKey, value: string, context: CommandContext) {
  return handleCommand(store, companyDecider, companyStream(companyId), settingChange(key, value), context);
}
