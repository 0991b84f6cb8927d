import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Help, HelpPage } from '@atendo/contracts';
import { startHarness, type Harness } from './testing/harness.js';

// The feature docs/adding-a-feature.md walks through, end to end through the running product.
describe('helps', () => {
  let h: Harness;
  let superToken: string;
  let agentToken: string;

  beforeAll(async () => {
    h = await startHarness();
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    agentToken = (await h.login()).token;
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('a super user adds, changes and deletes entries; every user lists and searches them', async () => {
    const created = await h.api<Help>('/helps', { token: superToken, body: { title: '  Como abrir um ticket ', video: 'dQw4w9WgXcQ', description: 'Passo a passo' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Como abrir um ticket', video: 'dQw4w9WgXcQ', description: 'Passo a passo' });
    await h.api('/helps', { token: superToken, body: { title: 'Conectar o WhatsApp' } });

    const all = await h.api<Help[]>('/helps/list', { token: agentToken });
    expect(all.body.map((x) => x.title)).toEqual(['Como abrir um ticket', 'Conectar o WhatsApp']);
    const searched = await h.api<HelpPage>('/helps?searchParam=whats', { token: agentToken });
    expect(searched.body).toMatchObject({ count: 1, hasMore: false, records: [{ title: 'Conectar o WhatsApp', video: '', description: '' }] });

    const changed = await h.api<Help>(`/helps/${created.body.id}`, { method: 'PUT', token: superToken, body: { description: 'Atualizado' } });
    expect(changed.body).toMatchObject({ id: created.body.id, title: 'Como abrir um ticket', description: 'Atualizado' });

    expect((await h.api(`/helps/${created.body.id}`, { method: 'DELETE', token: superToken })).status).toBe(200);
    expect((await h.api<Help[]>('/helps/list', { token: agentToken })).body.map((x) => x.title)).toEqual(['Conectar o WhatsApp']);
    expect(await h.api(`/helps/${created.body.id}`, { method: 'PUT', token: superToken, body: { title: 'x' } })).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it('only super users write, bad input is a 400 that writes nothing, and no token is a 401', async () => {
    expect(await h.api('/helps', { token: agentToken, body: { title: 'Não pode' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const before = (await h.api<Help[]>('/helps/list', { token: agentToken })).body.length;
    const bad = await h.api<{ error: string; details: Array<{ path: string }> }>('/helps', { token: superToken, body: { title: '   ', video: 'x'.repeat(300) } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.details.map((d) => d.path).sort()).toEqual(['title', 'video']);
    expect(await h.api('/helps/abc', { method: 'PUT', token: superToken, body: { title: 'x' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await h.api<Help[]>('/helps/list', { token: agentToken })).body.length).toBe(before);
    expect(await h.api('/helps/list')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });
});
