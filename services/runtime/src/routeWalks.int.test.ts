import { randomUUID } from 'node:crypto';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds, type Grantee, type ListTicketsResponse, type PermissionKey } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { addCompany, addUser, type TestUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { userEventCount } from './testing/log.js';
import { features, permissionRegistry } from './features/index.js';
import type { ProbeBody, ProbeCompany } from './features/featureModule.js';

/**
 * Walks over the route table as the running product publishes it (/openapi.json): every route, the day it is added,
 * is walked for permissions, probed across tenants and fuzzed — no list here to keep up to date: which resource a
 * route's id names, and how company B gets one, come from the feature modules (`probe`); a route whose id no module
 * names fails loudly.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  format?: string;
  enum?: unknown[];
  required?: string[];
}
interface Operation {
  'x-permission': 'public' | PermissionKey;
  'x-plan-flag'?: string;
  parameters: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema }>;
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema }; 'multipart/form-data'?: { schema: JsonSchema } } };
}
interface Route {
  method: string;
  /** OpenAPI's form: /tickets/{id} */
  path: string;
  op: Operation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

async function routeTable(h: Harness): Promise<Route[]> {
  const doc = (await h.api<{ paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> }>('/openapi.json')).body;
  return Object.entries(doc.paths).flatMap(([p, ops]) => METHODS.filter((m) => ops[m]).map((method) => ({ method, path: p, op: ops[method]! })));
}

const pathParams = (r: Route) => r.op.parameters.filter((p) => p.in === 'path');

/** The path with each parameter given by `value` (a uuid parameter gets a uuid, others a number). */
function fill(r: Route, value: (name: string, schema: JsonSchema) => string): string {
  let filled = r.path;
  for (const p of pathParams(r)) filled = filled.replace(`{${p.name}}`, encodeURIComponent(value(p.name, p.schema)));
  return filled;
}
const isUuidParam = (name: string, schema: JsonSchema) => name === 'uuid' || schema.format === 'uuid';
const nowhere = (name: string, schema: JsonSchema) => (isUuidParam(name, schema) ? randomUUID() : '999999');
const key = (r: Route) => `${r.method.toUpperCase()} ${r.path}`;

describe('the route table, walked', () => {
  let h: Harness;
  let routes: Route[];
  // Events a user's request caused (the channels' own, such as acks arriving, go on in the background).
  const eventCount = () => userEventCount(h);
  /** The log's last position, and what users wrote after one: both read by the primary key, not the whole log. */
  const lastPosition = async () =>
    Number(((await h.atendo.knex.raw(`SELECT coalesce(max(global_position), 0) AS n FROM events`)) as { rows: Array<{ n: string }> }).rows[0]!.n);
  const userEventsAfter = async (position: number) =>
    Number(((await h.atendo.knex.raw(`SELECT count(*) AS n FROM events WHERE global_position > ? AND metadata->'actor'->>'type' = 'user'`, [position])) as { rows: Array<{ n: string }> }).rows[0]!.n);

  beforeAll(async () => {
    h = await startHarness();
    routes = await routeTable(h);
  });
  afterAll(async () => h?.stop());

  it('publishes a table to walk', () => {
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(['public', ...Object.keys(permissionRegistry)], key(r)).toContain(r.op['x-permission']);
  });

  describe('permission walk', () => {
    it('answers each profile as the permission registry says, on every route', async () => {
      const agent = await addUser(h, 'walk-agent@demo.test', { queueIds: h.queueIds });
      const sessions: Array<{ who: string; grantee: Grantee | null; token?: string }> = [
        { who: 'nobody', grantee: null },
        { who: 'user', grantee: { profile: 'user', super: false }, token: (await h.login(agent.email, agent.password)).token },
        { who: 'admin', grantee: { profile: 'admin', super: false }, token: (await h.login()).token },
        { who: 'super', grantee: { profile: 'admin', super: true }, token: (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token },
      ];
      const before = await eventCount();
      let calls = 0;
      for (const r of routes) {
        const permission = r.op['x-permission'];
        for (const s of sessions) {
          const res = await h.api<{ error?: string }>(fill(r, nowhere), { method: r.method.toUpperCase(), token: s.token, body: r.method === 'get' || r.method === 'delete' ? undefined : {} });
          calls++;
          const label = `${s.who} → ${key(r)} (${permission})`;
          expect(res.status, label).toBeLessThan(500);
          if (permission === 'public') expect(res.body?.error, label).not.toBe('ERR_NO_PERMISSION');
          else if (!s.grantee) expect(res.status, label).toBe(401);
          else if (holds(s.grantee, permission, permissionRegistry)) expect(res.body?.error, label).not.toBe('ERR_NO_PERMISSION');
          else expect(res, label).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
        }
      }
      // Nothing a walk sends names anything that exists: it changes nothing.
      expect(await eventCount()).toBe(before);
      console.log(`[permission walk] ${calls} calls over ${routes.length} routes and ${sessions.length} sessions`);
    });

    it("answers 403 on a route whose plan flag the company's plan lacks, to every profile, and serves it again once the plan has it", async () => {
      const flagged = routes.filter((r) => r.op['x-plan-flag']);
      const token = (await h.login()).token;
      const flags = [...new Set(flagged.map((r) => r.op['x-plan-flag']!))];
      for (const flag of flags) {
        const set = async (value: boolean) => {
          const r = await handleCommand(h.atendo.store, planDecider, planStream(1), { type: 'update', changes: { [flag]: value } }, { actor: { type: 'system' } });
          await h.atendo.readYourWrites(r.position);
        };
        await set(false);
        try {
          for (const r of flagged.filter((f) => f.op['x-plan-flag'] === flag)) {
            const res = await h.api<{ error?: string }>(fill(r, nowhere), { method: r.method.toUpperCase(), token, body: r.method === 'get' ? undefined : {} });
            expect(res, key(r)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
          }
        } finally {
          await set(true);
        }
      }
      console.log(`[permission walk] plan flags: ${flags.length ? flags.join(', ') : 'no route names one yet'} over ${flagged.length} routes`);
    });
  });

  describe('tenant probe', () => {
    /** Company B's things, by the resource a route's id names. */
    let theirs: Record<string, string>;
    let b: TestUser & { whatsappId: number };
    let tokenA: string;
    let tokenB: string;

    /**
     * Which resource each id parameter names, by the route's first path segment and the parameter: each feature
     * module's `probe.resources`. A route that takes an id of a resource no module names fails the probe until its
     * module names it: every id-taking route is probed. Platform-wide resources (help entries) have no tenant and are
     * not probed.
     */
    const RESOURCE_OF: Record<string, string | null> = Object.assign({}, ...features.map((f) => f.probe?.resources ?? {}));

    /** A company as the modules' probes see it: B (`make`), or A making the records its bodies name (`ours`). */
    const company = (token: () => string, records: () => Record<string, string>, whatsappId: () => number, strict = false): ProbeCompany => ({
      async api<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}) {
        if (init.form) return (await (await fetch(`${h.url}${path}`, { method: init.method ?? 'POST', headers: { authorization: `Bearer ${token()}` }, body: init.form })).json()) as T;
        const res = await h.api<T>(path, { token: token(), ...(init.method ? { method: init.method } : {}), ...(init.body !== undefined ? { body: init.body } : {}) });
        if (strict) expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
        return res.body;
      },
      get theirs() {
        return records();
      },
      eventually: (check, timeoutMs) => eventually(check, timeoutMs),
      customerSays: async (number, text, pushName) => void (await h.customerSays(number, text, pushName, whatsappId())),
    });
    const companyB = () => company(() => tokenB, () => theirs, () => b.whatsappId);

    /** What B sees of its records: each module's `probe.observe`. */
    const snapshotB = async () => {
      const seen: unknown[] = [];
      for (const f of features) if (f.probe?.observe) seen.push(await f.probe.observe(companyB()));
      return JSON.stringify(seen);
    };

    beforeAll(async () => {
      b = await addCompany(h, 'Probe B');
      tokenA = (await h.login()).token;
      tokenB = (await h.login(b.email, b.password)).token;
      // B's connection, paired; then each module makes B one of each of its resources, in the feature list's order.
      await h.api(`/whatsappsession/${b.whatsappId}`, { method: 'POST', token: tokenB });
      await h.pair(b.whatsappId);
      theirs = { whatsapp: String(b.whatsappId), company: String(b.companyId), user: String(b.id) };
      for (const f of features) if (f.probe?.make) Object.assign(theirs, await f.probe.make(companyB()));
    });

    it("answers a user of A who uses B's ids with 403 or 404, telling nothing and changing nothing, on every route", async () => {
      const probed: string[] = [];
      const before = await snapshotB();
      for (const r of routes.filter((x) => pathParams(x).length > 0)) {
        const segment = r.path.split('/')[1]!;
        const resources = pathParams(r).map((p) => {
          const which = `${segment}.${p.name}`;
          expect(RESOURCE_OF, `${key(r)}: which resource does {${p.name}} name? Add it to its module's probe.resources`).toHaveProperty([which]);
          return RESOURCE_OF[which];
        });
        if (resources.some((x) => x === null)) continue;
        const target = fill(r, (name) => theirs[RESOURCE_OF[`${segment}.${name}`]!]!);
        const events = await eventCount();
        const res = await h.api<Record<string, unknown>>(target, { method: r.method.toUpperCase(), token: tokenA, body: r.method === 'get' || r.method === 'delete' ? undefined : { status: 'open', body: 'intrusion', name: 'intrusion', paused: true } });
        expect([403, 404], `${r.method.toUpperCase()} ${target}`).toContain(res.status);
        // An error body, and nothing of B's in it.
        expect(Object.keys(res.body).sort().join(), target).toMatch(/^(details,)?error,message(,reason)?$/);
        expect(JSON.stringify(res.body), target).not.toMatch(/sou cliente da B|Cliente B|Probe B/);
        expect(await eventCount(), `${target} wrote to the log`).toBe(events);
        probed.push(key(r));
      }
      expect(await snapshotB()).toBe(before);
      expect(probed.length).toBeGreaterThan(5);
      console.log(`[tenant probe] ${probed.length} id-taking routes probed with company B's ids`);
    });

    /**
     * Which record each id a request body carries names (by the field's name), for the body probe: each feature
     * module's `probe.bodyIds`, and `id`, the record the route itself names (probed by the path walk above). A route
     * whose body takes an id-like field no module names fails the probe until one does: every id a body names is probed.
     */
    const BODY_ID_OF: Record<string, string | null> = Object.assign({ id: null }, ...features.map((f) => f.probe?.bodyIds ?? {}));
    /** B's records in the shapes body fields take them where that is not their id (a flow graph): `probe.shapes`. */
    const SHAPES_OF: Record<string, (theirs: Readonly<Record<string, string>>) => unknown[]> = Object.assign({}, ...features.map((f) => f.probe?.shapes ?? {}));
    const isIdField = (name: string) => /(Id|Ids)$/.test(name) || /^id([A-Z]|$)/.test(name) || name === 'tags' || name === 'nodes';

    it("refuses B's ids in every body field, flow block, and campaign that names a record, with a 4xx, changing nothing", async () => {
      // A's own records, so each body is A's valid one but for the one field that names B's: A itself and its first
      // queue, then what each module makes (`probe.ours`), in the feature list's order.
      const agent = await addUser(h, 'probe-agent@demo.test', { queueIds: h.queueIds });
      const ours: Record<string, string> = { user: String(agent.id), queue: String(h.queueIds[0]!), whatsapp: String(h.whatsappId), company: String(h.companyId) };
      const companyA = company(() => tokenA, () => ours, () => h.whatsappId, true);
      for (const f of features) if (f.probe?.ours) Object.assign(ours, await f.probe.ours(companyA));
      /** A's valid body of each route whose body names records, and the route's own record in A (its path id): `probe.bodies`. */
      const BODY_OF: Record<string, ProbeBody> = Object.assign({}, ...features.map((f) => f.probe?.bodies?.(ours) ?? {}));
      /** B's record in the shape the field takes: its id, a list of it, a tag list, or a module's shape (a flow graph). */
      const theirValues = (field: string, resource: string): unknown[] => {
        const shapes = SHAPES_OF[resource];
        if (shapes) return shapes(theirs);
        const id = Number(theirs[resource]);
        if (field === 'tags') return [[{ id }]];
        return [field.endsWith('Ids') ? [id] : id];
      };
      const before = await snapshotB();
      const probed: string[] = [];
      for (const r of routes) {
        const schema = r.op.requestBody?.content['application/json']?.schema;
        const fields = Object.keys(schema?.properties ?? {}).filter(isIdField);
        for (const field of fields) expect(BODY_ID_OF, `${key(r)}: which record does the body's ${field} name? Add it to its module's probe.bodyIds`).toHaveProperty([field]);
        const named = fields.filter((f) => BODY_ID_OF[f]);
        if (named.length === 0) continue;
        const template = BODY_OF[key(r)];
        expect(template, `${key(r)} takes ${named.join(', ')} in its body: add A's valid body to its module's probe.bodies`).toBeDefined();
        const target = fill(r, () => String(template!.path));
        for (const field of named) {
          for (const value of theirValues(field, BODY_ID_OF[field]!)) {
            const events = await eventCount();
            const res = await h.api<Record<string, unknown>>(target, { method: r.method.toUpperCase(), token: tokenA, body: { ...template!.body, [field]: value } });
            const label = `${key(r)} with B's ${field} ${JSON.stringify(value).slice(0, 80)}`;
            expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
            expect(res.status, label).toBeLessThan(500);
            expect(JSON.stringify(res.body), label).not.toMatch(/sou cliente da B|Cliente B|Probe B|Fila da B/);
            expect(await eventCount(), `${label} wrote to the log`).toBe(events);
            probed.push(`${key(r)} ${field}`);
          }
        }
      }
      expect(await snapshotB()).toBe(before);
      // Each body as A's own is taken: the refusals above were the ids' doing, not a body A could never send.
      const refusedOwn: string[] = [];
      for (const r of routes) {
        const template = BODY_OF[key(r)];
        if (!template || template.outside) continue;
        const res = await h.api(fill(r, () => String(template.path)), { method: r.method.toUpperCase(), token: tokenA, body: template.body });
        if (res.status >= 400) refusedOwn.push(`${key(r)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      expect(refusedOwn).toEqual([]);
      console.log(`[tenant probe] bodies: ${probed.length} fields over ${new Set(probed.map((p) => p.split(' ').slice(0, 2).join(' '))).size} routes probed with company B's ids`);
    });

    it("delivers nothing of A to a socket of B, on any channel", async () => {
      const feedB = await h.socket(tokenB);
      const feedA = await h.socket(tokenA);
      try {
        // A's day touches the ticket, appMessage and contact channels (and any the product adds to a message's path).
        await h.customerSays('5511955550002', 'sou cliente da A', 'Cliente A');
        await eventually(() => expect(feedA.entries(`company-${h.companyId}-appMessage`).length).toBeGreaterThan(0));
        const ticket = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511955550002', { token: tokenA })).body.tickets[0]!;
        await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token: tokenA, body: { status: 'open' } });
        await h.api(`/messages/${ticket.id}`, { token: tokenA, body: { body: 'resposta da A' } });
        // A's connection asks for a new QR code and pairs again: the whatsapp and whatsappSession channels.
        await h.api(`/whatsappsession/${h.whatsappId}`, { method: 'PUT', token: tokenA });
        await h.pair(h.whatsappId);
        await eventually(() => expect(feedA.all().length).toBeGreaterThan(3));
        // B's own message afterwards: once it has arrived, anything of A's sent before it would have too.
        await h.customerSays('5511955550003', 'de novo B', 'Cliente B2', b.whatsappId);
        await eventually(() => expect(JSON.stringify(feedB.all())).toContain('de novo B'));
        const leaked = feedB.all().filter((m) => !m.channel.startsWith(`company-${b.companyId}-`) || /sou cliente da A|resposta da A|Cliente A/.test(JSON.stringify(m)));
        expect(leaked).toEqual([]);
        const channelsA = new Set(feedA.all().map((m) => m.channel.replace(/^company-\d+-/, '')));
        console.log(`[tenant probe] realtime: A's entries on ${[...channelsA].join(', ')}; none reached B`);
      } finally {
        feedA.close();
        feedB.close();
      }
    });
  });

  describe('body fuzz', () => {
    it('answers every malformed, mistyped, oversized or hostile request below 500, and a refused one writes nothing', async () => {
      const superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
      const adminToken = (await h.login()).token;
      let sent = 0;
      const covered = new Set<string>();
      const failures: string[] = [];
      interface Probe { target: string; body: string | undefined; what: string; token: string; contentType: string }
      const call = async (r: Route, p: Probe) => {
        const res = await fetch(`${h.url}${p.target}`, {
          method: r.method.toUpperCase(),
          headers: { authorization: `Bearer ${p.token}`, ...(p.body === undefined ? {} : { 'content-type': p.contentType }) },
          body: p.body,
        });
        sent++;
        const text = await res.text();
        if (res.status >= 500) failures.push(`${res.status} ${r.method.toUpperCase()} ${p.target} (${p.what}): ${text.slice(0, 200)}`);
        return res.status;
      };
      // A route's probes go 8 at a time; if users' events then appear in the log, its refused probes go again one by
      // one, each checked alone, to name the one that wrote.
      const probeRoute = async (r: Route, probes: Probe[]) => {
        covered.add(key(r));
        const before = await lastPosition();
        const statuses: number[] = [];
        let next = 0;
        await Promise.all(Array.from({ length: 8 }, async () => {
          for (let i = next++; i < probes.length; i = next++) statuses[i] = await call(r, probes[i]!);
        }));
        if ((await userEventsAfter(before)) === 0) return;
        for (const [i, p] of probes.entries()) {
          if (statuses[i]! < 400) continue;
          const alone = await lastPosition();
          const status = await call(r, p);
          if (status >= 400 && status < 500 && (await userEventsAfter(alone)) > 0) failures.push(`${status} ${r.method.toUpperCase()} ${p.target} (${p.what}) wrote to the log`);
        }
      };
      for (const r of routes) {
        const probes: Probe[] = [];
        const send = (target: string, body: string | undefined, what: string, token: string, contentType = 'application/json') => probes.push({ target, body, what, token, contentType });
        // The super user holds every permission of the registry; a company route also gets the admin (a company).
        const tokens = r.op['x-permission'] === 'public' ? [superToken] : [superToken, adminToken];
        const schema = r.op.requestBody?.content['application/json']?.schema;
        const multipart = r.op.requestBody?.content['multipart/form-data'] !== undefined;
        const target = fill(r, nowhere);
        for (const token of tokens) {
          // Bad ids in every path parameter.
          for (const bad of ['0', '-1', 'abc', '1.5', '1e3', '99999999999999999999', ' 1', '%00', 'null', '[]', '__proto__']) {
            send(fill(r, () => bad), undefined, `id ${bad}`, token);
          }
          // Query parameters of the wrong type, huge, or hostile.
          for (const q of r.op.parameters.filter((p) => p.in === 'query')) {
            for (const bad of ['abc', '-1', 'x'.repeat(10_000), '%00', '1&' + q.name + '=2']) send(`${target}?${q.name}=${encodeURIComponent(bad)}`, undefined, `query ${q.name}`, token);
            send(`${target}?${q.name}[__proto__][x]=1`, undefined, `query ${q.name} __proto__`, token);
          }
          if (r.method === 'get' || r.method === 'delete') continue;
          if (multipart) {
            // Uploads: broken multipart bodies, a file in the wrong field, two files, no file.
            const form = 'multipart/form-data; boundary=x';
            send(target, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated', 'broken multipart', token, form);
            send(target, '--x\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n', 'file in another field', token, form);
            send(target, '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n1\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="b"\r\n\r\n2\r\n--x--\r\n', 'two files', token, form);
            send(target, '--x--\r\n', 'no file', token, form);
            send(target, 'not multipart at all', 'no boundary', token, 'multipart/form-data');
          }
          const bodies: Array<[string, string]> = [
            ['malformed JSON', '{"a": '],
            ['not JSON', 'hello'],
            ['an array', '[]'],
            ['a number', '123'],
            ['null', 'null'],
            ['a string', '"text"'],
            ['empty', '{}'],
            ['__proto__', '{"__proto__": {"admin": true}}'],
            ['constructor', '{"constructor": {"prototype": {"admin": true}}}'],
            ['extra fields', JSON.stringify({ extra: 1, another: { deep: [1, 2] } })],
            ['deep nesting', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
            ['too large', JSON.stringify({ body: 'x'.repeat(1_100_000) })],
          ];
          for (const [name, field] of Object.entries(schema?.properties ?? {})) {
            const types = [field.type ?? []].flat();
            const wrong: unknown[] = [123, -1, 1.5, true, 'text', [], {}, null, 'x'.repeat(200_000), '\u0000', '\ud800']
              .filter((v) => !types.includes(Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v));
            for (const value of wrong) bodies.push([`${name} = ${JSON.stringify(value).slice(0, 20)}`, JSON.stringify({ [name]: value })]);
          }
          for (const [what, body] of bodies) send(target, body, what, token);
        }
        await probeRoute(r, probes);
      }
      const report = `[body fuzz] ${sent} requests over ${covered.size} routes; ${failures.length} failures`;
      console.log(report);
      await mkdir(path.resolve('test-artifacts'), { recursive: true });
      await writeFile(path.resolve('test-artifacts/body-fuzz.txt'), [report, ...failures].join('\n') + '\n');
      expect(failures).toEqual([]);
      expect(covered.size).toBe(routes.length);
      // Thousands of requests: minutes on a slow or busy machine, not the default 30 s.
    }, 300_000);
  });
});
