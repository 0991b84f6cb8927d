import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePlanFlags, definePlanFlags, PLATFORM_PLAN_FLAGS, type Plan, type PlanFlag } from '@atendo/contracts';
import { CompanyGate, createApiApp, planRoutes, route, signAccessToken } from '@atendo/api';
import { createKnex, eventStoreMigrations, idMigrations, migrateLatest, PostgresEventStore, sequenceIds, streamId } from '@atendo/platform';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { companiesMigrations, companiesProjection, CompanyQueries, Projector, runtimeMigrations } from '@atendo/read';
import { addComposedPlanFlags, plansMigrations, plansProjection } from '@atendo/read/plans';
import { checkFeatures, defineFeature } from '../featureModule.js';
import { errorCatalogue, features, permissionRegistry } from '../index.js';

/**
 * Issue 33's proof for plan flags (decision 0051): a feature that is not in the product declares `useTestThing`, and
 * with nothing of the plans feature edited, the plans take it in their bodies, keep it, answer it, and the route table
 * refuses its route to a company whose plan says no. `startAtendo` serves the product's own list, so this composes the
 * list plus the test's module itself and serves the plans' routes and the test's route over real PostgreSQL.
 */
const TEST_THING_FLAGS = definePlanFlags({
  useTestThing: { description: 'A feature only this test has', default: true, texts: { pt: 'Coisa de teste', en: 'Test thing', es: 'Cosa de prueba' } },
});
const useTestThing = 'useTestThing' as PlanFlag;

const testThings = defineFeature({
  name: 'testThings',
  planFlags: TEST_THING_FLAGS,
  routes: () => [route({ method: 'get', path: '/test-things', feature: 'testThings', summary: 'Test things', permission: 'signedIn', planFlag: useTestThing, handler: ({ res }) => void res.json([]) })],
});

const list = [...features, testThings];
const flags = composePlanFlags([PLATFORM_PLAN_FLAGS, ...list.map((f) => f.planFlags ?? {})]);
const secret = 'p'.repeat(32);
const limits = { users: 5, connections: 1, queues: 2, value: 10 };
const metadata = (companyId: number) => ({ companyId, actor: { type: 'system' as const }, correlationId: 'plan-flags', causationId: 'plan-flags', occurredAt: new Date().toISOString() });

describe('plan flags composed from the feature list', () => {
  let db: TestDatabase;
  let knex: ReturnType<typeof createKnex>;
  let store: PostgresEventStore;
  let plansProjector: Projector;
  let companiesProjector: Projector;
  let server: http.Server;
  let base: string;

  const token = (companyId: number, isSuper = false) => signAccessToken({ userId: 1, companyId, profile: 'admin', super: isSuper }, secret, 60);
  const call = async <T>(path: string, init: { method?: string; body?: unknown; companyId?: number; super?: boolean } = {}) => {
    const res = await fetch(base + path, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token(init.companyId ?? 1, init.super)}` },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const companyOn = async (id: number, planId: number) => {
    const data = { id, name: `Company ${id}`, email: `c${id}@example.com`, phone: '', planId, status: true, dueDate: null, recurrence: 'MENSAL', settings: {} };
    const written = await store.append(streamId('company', id, id), [{ type: 'CompanyCreated', data, metadata: metadata(id) }], { expectedRevision: 'any' });
    await companiesProjector.waitFor(written.position);
  };

  beforeAll(async () => {
    checkFeatures(list);
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, runtimeMigrations, idMigrations, companiesMigrations, plansMigrations);
    store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 20 });
    plansProjector = new Projector({ store, knex, projection: plansProjection(() => flags) });
    companiesProjector = new Projector({ store, knex, projection: companiesProjection });
    await plansProjector.start();
    await companiesProjector.start();
    const companies = new CompanyQueries(knex);
    const users = { viewer: async (companyId: number, userId: number) => ({ companyId, userId, profile: 'admin', super: companyId === 1, queueIds: [] }) };
    const app = createApiApp({
      log: { error: () => undefined } as never,
      routes: [...planRoutes({ knex, store, ids: sequenceIds(knex), readYourWrites: async (position) => position && plansProjector.waitFor(position), planFlags: flags }), ...(testThings.routes() ?? [])],
      errors: errorCatalogue,
      permissions: permissionRegistry,
      secret,
      users: users as never,
      companies: new CompanyGate(async () => ({ status: true, disabledAt: null, dueDate: null })),
      planAllows: (companyId, flag) => companies.planAllows(companyId, flag),
    });
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await plansProjector?.stop();
    await companiesProjector?.stop();
    await store?.close();
    await knex?.destroy();
    await db?.drop();
  });

  it("takes a new feature's flag on plans, keeps it and gates the feature's route by it", async () => {
    const without = await call<Plan & Record<string, boolean>>('/plans', { super: true, body: { name: 'Without', ...limits, useTestThing: false } });
    expect(without.status).toBe(201);
    expect(without.body).toMatchObject({ name: 'Without', useTestThing: false, useCampaigns: true, useKanban: true });
    // Left out, a flag takes its declared default.
    const withIt = await call<Plan & Record<string, boolean>>('/plans', { super: true, body: { name: 'With', ...limits } });
    expect(withIt.body).toMatchObject({ name: 'With', useTestThing: true });

    await companyOn(7, without.body.id);
    await companyOn(8, withIt.body.id);
    expect(await call('/test-things', { companyId: 7 })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await call('/test-things', { companyId: 8 })).toMatchObject({ status: 200, body: [] });

    // Switched on by a change of the plan, the route opens for the company on it.
    const changed = await call<Record<string, unknown>>(`/plans/${without.body.id}`, { method: 'PUT', super: true, body: { useTestThing: true } });
    expect(changed.body).toMatchObject({ useTestThing: true, useCampaigns: true });
    expect((await call('/test-things', { companyId: 7 })).status).toBe(200);

    // The flag is validated as the plans' own are, and refused whole.
    const bad = await call<{ error: string; details: Array<{ path: string }> }>(`/plans/${without.body.id}`, { method: 'PUT', super: true, body: { useTestThing: 'maybe', name: 'Renamed' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [expect.objectContaining({ path: 'useTestThing' })] } });
    expect((await call<Plan>(`/plans/${without.body.id}`, { super: true })).body.name).toBe('Without');
  });

  it('reads an old event without the flag at its default, and brings a later flag to the plans already made', async () => {
    // A plan the log made before the feature existed: its event carries the seven flags of the spec, not this one.
    const old = { id: 900, name: 'Old', ...limits, useCampaigns: false, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
    const written = await store.append(streamId('plan', 0, 900), [{ type: 'PlanCreated', data: old, metadata: metadata(0) }], { expectedRevision: 'no_stream' });
    await plansProjector.waitFor(written.position);
    expect((await call<Record<string, unknown>>('/plans/900', { super: true })).body).toMatchObject({ useCampaigns: false, useTestThing: true });

    // A plan row from before the feature's flag was composed (as after an upgrade): the start names it at its default.
    await knex('plans').where({ id: 900 }).update({ flags: knex.raw("flags - 'useTestThing'") });
    expect((await call<Record<string, unknown>>('/plans/900', { super: true })).body).not.toHaveProperty('useTestThing');
    expect(await addComposedPlanFlags(knex, flags)).toBe(1);
    expect((await call<Record<string, unknown>>('/plans/900', { super: true })).body).toMatchObject({ useCampaigns: false, useTestThing: true });
    expect(await addComposedPlanFlags(knex, flags)).toBe(0);
  });
});
