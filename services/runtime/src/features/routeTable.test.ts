import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { apiRoutes, CompanyGate, createApiApp, openApiPath, route, routeKey, servedRoutes, signAccessToken, type RouteSpec } from '@atendo/api';
import type { Services } from './featureModule.js';
import { errorCatalogue, features, permissionRegistry } from './index.js';

// Route factories only keep their dependencies until a request comes: none comes here but for /openapi.json.
const deps = { api: {}, auth: {}, sessions: {}, knex: {}, store: {}, ids: {}, media: { blobs: {}, storage: {}, urls: {} } } as unknown as Services;
const log = { error: () => undefined };

function productApp(extra: RouteSpec[] = []): { app: Express; table: RouteSpec[] } {
  const routes = [...features.flatMap((f) => f.routes?.(deps) ?? []), ...extra];
  const options = { log, routes, errors: errorCatalogue, permissions: permissionRegistry, secret: 'x'.repeat(32), users: {} as never, companies: new CompanyGate(async () => ({ status: true, disabledAt: null, dueDate: null })), planAllows: async () => true };
  return { app: createApiApp(options), table: apiRoutes(options) };
}

describe('the route table', () => {
  let server: http.Server;
  let base: string;
  const { app, table } = productApp();

  beforeAll(async () => {
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is exactly what express serves: nothing around it, nothing missing', () => {
    expect(servedRoutes(app).sort()).toEqual(table.map(routeKey).sort());
    expect(table.map(routeKey)).toEqual(expect.arrayContaining(['GET /tickets', 'POST /messages/:ticketId', 'GET /whatsapp', 'POST /auth/login', 'GET /helps/list', 'GET /openapi.json']));
  });

  it('notices a route mounted outside the table', () => {
    const { app: patched, table: own } = productApp();
    patched.get('/sneaky', (_req, res) => void res.json({ ok: true }));
    const outside = servedRoutes(patched).filter((r) => !own.map(routeKey).includes(r));
    expect(outside).toEqual(['GET /sneaky']);
  });

  it('refuses two entries for one method and path', () => {
    const twice = features.find((f) => f.name === 'helps')!.routes!(deps)[0]!;
    expect(() => productApp([{ ...twice, feature: 'other' }])).toThrow(/Route GET \/helps of other is already helps's/);
  });

  it('serves /openapi.json with every route, its permission, plan flag and schemas', async () => {
    const res = await fetch(`${base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { 'x-permission': string; parameters: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const spec of table) {
      const op = doc.paths[openApiPath(spec.path)]?.[spec.method];
      expect(op, routeKey(spec)).toBeDefined();
      expect(op!['x-permission']).toBe(spec.permission);
      // Every path parameter is declared.
      for (const name of [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1])) expect(op!.parameters).toContainEqual(expect.objectContaining({ name, in: 'path' }));
    }
    expect(doc.paths['/helps']!.post!['x-permission']).toBe('helps:manage');
    expect(Object.keys(doc.paths['/helps']!.post!.requestBody!.content['application/json']!.schema.properties!)).toEqual(['title', 'video', 'description']);
    expect(doc.paths['/tickets/{id}']!.delete!['x-permission']).toBe('ticket-options:deleteTicket');
  });

  it("answers 403 to a company whose plan lacks a route's flag, before the handler runs", async () => {
    let ran = 0;
    const campaigns = route({ method: 'get', path: '/campaigns', feature: 'campaigns', summary: 'Campaigns', permission: 'signedIn', planFlag: 'useCampaigns', handler: ({ res }) => void (ran++, res.json([])) });
    const secret = 'y'.repeat(32);
    const users = { viewer: async (companyId: number, userId: number) => ({ companyId, userId, profile: 'user', super: false, queueIds: [] }) };
    const gated = createApiApp({ log, routes: [campaigns], errors: errorCatalogue, permissions: permissionRegistry, secret, users: users as never, companies: new CompanyGate(async () => ({ status: true, disabledAt: null, dueDate: null })), planAllows: async (companyId) => companyId === 1 });
    const s = http.createServer(gated);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const at = `http://127.0.0.1:${(s.address() as AddressInfo).port}/campaigns`;
    const as = (companyId: number) => ({ headers: { authorization: `Bearer ${signAccessToken({ userId: 5, companyId, profile: 'user', super: false }, secret, 60)}` } });
    try {
      expect((await fetch(at, as(1))).status).toBe(200);
      const refused = await fetch(at, as(2));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
      expect(ran).toBe(1);
    } finally {
      await new Promise<void>((r) => s.close(() => r()));
    }
  });
});
