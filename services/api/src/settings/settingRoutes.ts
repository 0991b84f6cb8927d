import type { Knex } from 'knex';
import { isSettingKey, SETTINGS, settingParamsSchema, settingValueSchema, type Position } from '@atendo/contracts';
import { changeSetting } from '@atendo/core';
import { AppError, type EventStore } from '@atendo/platform';
import { SettingsQueries } from '@atendo/read';
import { route, type RouteSpec } from '../http/routeTable.js';

export interface SettingRouteDeps {
  knex: Knex;
  store: EventStore;
  readYourWrites(position: Position | undefined): Promise<void>;
}

/** A company's settings (contracts/src/settings/settings.ts): its users read them, its admins change them one key at a time. */
export function settingRoutes({ knex, store, readYourWrites }: SettingRouteDeps): RouteSpec[] {
  const feature = 'settings';
  const settings = new SettingsQueries(knex);
  const settingsOf = async (companyId: number) => {
    const found = await settings.of(companyId);
    if (!found) throw new AppError('ERR_NOT_FOUND', 404, `Company ${companyId} not found`);
    return found;
  };
  return [
    route({
      method: 'get',
      path: '/settings',
      feature,
      summary: "Every setting of the caller's company, as key and value (defaults for keys never set)",
      permission: 'signedIn',
      async handler({ res, auth }) {
        res.json(await settingsOf(auth.viewer.companyId));
      },
    }),
    route<{ key: string }, Record<string, never>, { value: string }>({
      method: 'put',
      path: '/settings/:key',
      feature,
      summary: 'Change one setting of the caller’s company to one of its allowed values',
      permission: 'settings:manage',
      params: settingParamsSchema,
      body: settingValueSchema,
      errors: ['ERR_NO_SETTING_FOUND'],
      async handler({ res, params: { key }, body: { value }, auth }) {
        if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404, `There is no setting ${key}`);
        const allowed: readonly string[] = SETTINGS[key].values;
        if (!allowed.includes(value)) {
          throw new AppError('ERR_VALIDATION', 400, `${key} takes ${allowed.join(', ')}`, [{ path: 'value', message: 'validation.oneOf', params: { values: allowed } }]);
        }
        const result = await changeSetting(store, auth.viewer.companyId, key, value, { actor: { type: 'user', userId: auth.claims.userId } });
        await readYourWrites(result.position);
        res.json({ key, value });
      },
    }),
  ];
}
