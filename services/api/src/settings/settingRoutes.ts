import type { Knex } from 'knex';
import { isSettingKey, SETTINGS, settingParamsSchema, settingValueSchema, withDefaults, type CompanyFields, type Position } from '@atendo/contracts';
import { AppError, companyDecider, companyStream, handleCommand, type EventStore, type RecordState } from '@atendo/core';
import { CompanyQueries } from '@atendo/read';
import { route, type RouteSpec } from '../http/routeTable.js';

export interface SettingRouteDeps {
  knex: Knex;
  store: EventStore;
  readYourWrites(position: Position | undefined): Promise<void>;
}

/** A company's settings (contracts/src/settings/settings.ts): its users read them, its admins change them one key at a time. */
export function settingRoutes({ knex, store, readYourWrites }: SettingRouteDeps): RouteSpec[] {
  const feature = 'settings';
  const companies = new CompanyQueries(knex);
  const settingsOf = async (companyId: number) => {
    const company = await companies.company(companyId);
    if (!company) throw new AppError('ERR_NOT_FOUND', 404, `Company ${companyId} not found`);
    return withDefaults(company.settings);
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
        const companyId = auth.viewer.companyId;
        // The whole map is written from the stream's own state: two admins changing two keys at once keep both.
        const result = await handleCommand(
          store,
          companyDecider,
          companyStream(companyId),
          (state: RecordState<CompanyFields>) => ({ type: 'update' as const, changes: { settings: { ...(state.status === 'live' ? state.fields.settings : {}), [key]: value } } }),
          { actor: { type: 'user', userId: auth.claims.userId } },
        );
        await readYourWrites(result.position);
        res.json({ key, value });
      },
    }),
  ];
}
