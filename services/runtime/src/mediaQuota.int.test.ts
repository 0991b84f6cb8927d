import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMedia } from '@atendo/api';
import type { Plan } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import { filesUnder } from './testing/files.js';
import { startHarness, type Harness } from './testing/harness.js';
import { movableClock } from './testing/clock.js';

/** MPEG-1 layer III frames (417 bytes each): an audio file of a chosen size, as file-type recognises one. */
const mp3 = (frames: number) => Buffer.concat(Array.from({ length: frames }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(413)])));

/**
 * Issue 32, item 8: one company cannot fill the installation's storage. Its plan says how much it may keep
 * (`storageMb`), and what it uploaded and never used is collected after a day.
 */
describe('media: a storage quota per company, unused uploads collected', () => {
  let h: Harness;
  let dataDir: string;
  let superToken: string;
  const time = movableClock();
  const clock = time.now;

  const upload = async (token: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('medias', new Blob([bytes], { type: 'audio/mpeg' }), 'nota.mp3');
    const res = await fetch(`${h.url}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as StoredMedia[] & { error?: string } };
  };
  const served = async (token: string, key: string) => (await fetch(`${h.url}/public/${key}`, { headers: { authorization: `Bearer ${token}` } })).status;
  const companyFiles = async (companyId: number) => (await filesUnder(h.atendo.config.blobDir)).filter((f) => f.startsWith(`company-${companyId}/`));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atendo-quota-'));
    h = await startHarness({ clock, env: { DATA_DIR: dataDir, BLOB_DIR: path.join(dataDir, 'media') } });
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    // Every company of these tests is on the demo's plan, which now keeps 1 MiB per company.
    const plan = await h.api<Plan>('/plans/1', { method: 'PUT', token: superToken, body: { storageMb: 1 } });
    expect(plan.status).toBe(200);
    expect(plan.body.storageMb).toBe(1);
  });
  afterAll(async () => {
    await h?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses an upload past the plan with 413 ERR_STORAGE_QUOTA and keeps nothing, while another company on the plan still uploads', async () => {
    const token = (await h.login()).token;
    const other = await addCompany(h, 'Vizinha');
    const otherToken = (await h.login(other.email, other.password)).token;
    const first = await upload(token, mp3(1500));
    expect(first.status).toBe(201);
    const before = await companyFiles(h.companyId);

    const refused = await upload(token, mp3(1500));
    expect(refused).toMatchObject({ status: 413, body: { error: 'ERR_STORAGE_QUOTA', message: expect.stringMatching(/plan/) } });
    expect(await companyFiles(h.companyId)).toEqual(before);
    expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);

    // The same plan, another company: its own 1 MiB, untouched by the first one's.
    expect((await upload(otherToken, mp3(1500))).status).toBe(201);
  });

  it('lets no burst of uploads at once past the plan', async () => {
    const company = await addCompany(h, 'Rajada');
    const token = (await h.login(company.email, company.password)).token;
    // 417,000 bytes each: two fit in 1 MiB, a third does not.
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(token, mp3(1000))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 413, 413, 413, 413]);
    expect((await companyFiles(company.companyId)).filter((f) => !f.endsWith('.json'))).toHaveLength(2);
  });

  it('collects an upload nothing used after a day, gives its bytes back, and keeps the one a flow uses', async () => {
    const company = await addCompany(h, 'Coleta');
    const token = (await h.login(company.email, company.password)).token;
    const [used] = (await upload(token, mp3(600))).body as StoredMedia[];
    const [unused] = (await upload(token, mp3(600))).body as StoredMedia[];
    const flow = (await h.api<{ id: number }>('/flowbuilder', { token, body: { name: 'Boas-vindas' } })).body;
    const graph = {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'voice', type: 'audio', position: { x: 200, y: 0 }, data: { url: `/public/${used!.key}`, record: false } },
      ],
      connections: [{ source: '1', sourceHandle: 'default', target: 'voice' }],
    };
    expect((await h.api('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } })).status).toBe(200);
    const big = mp3(1500);
    expect((await upload(token, big)).body.error).toBe('ERR_STORAGE_QUOTA');

    time.advance(25 * 3600_000);
    h.atendo.processes.get('media')!.poke!();
    await eventually(async () => expect(await served(token, unused!.key)).toBe(404));
    expect(await served(token, used!.key)).toBe(200);
    expect((await upload(token, big)).status).toBe(201);
    // A save cannot name what was collected (the flow's check finds no such file of the company; the lock in markUsed
    // catches one collected in between): no flow ends up sending a file that is gone.
    const late = { ...graph, nodes: [graph.nodes[0]!, { ...graph.nodes[1]!, data: { url: `/public/${unused!.key}`, record: false } }] };
    expect((await h.api<{ error: string }>('/flowbuilder/flow', { token, body: { idFlow: flow.id, ...late } })).body.error).toBe('ERR_FLOW_INVALID');
  });
});
