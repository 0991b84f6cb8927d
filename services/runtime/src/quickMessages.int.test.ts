import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickMessage, QuickMessagePage } from '@atendo/contracts';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

/** A small but real PDF (the content is what the server checks). */
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('quick messages', () => {
  let h: Harness;
  let admin: string;
  let ana: { id: number; token: string };
  let bia: { id: number; token: string };

  beforeAll(async () => {
    h = await startHarness();
    admin = (await h.login()).token;
    for (const [email, set] of [['ana@quick.test', (v: typeof ana) => (ana = v)], ['bia@quick.test', (v: typeof bia) => (bia = v)]] as const) {
      const user = await addUser(h, email);
      set({ id: user.id, token: (await h.login(user.email, user.password)).token });
    }
  });
  afterAll(async () => h?.stop());

  const create = (token: string, body: unknown) => h.api<QuickMessage & { error?: string; details?: Array<{ path: string }> }>('/quick-messages', { token, body });
  const upload = (id: number, token: string, bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    form.append('typeArch', 'document');
    return fetch(`${h.url}/quick-messages/${id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(async (r) => ({ status: r.status, body: (await r.json()) as QuickMessage & { error?: string } }));
  };

  it('an agent keeps her own; the company’s general ones are the admin’s; each sees hers and the general ones', async () => {
    expect(await create(ana.token, { message: 'sem atalho' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'shortcode' }] } });
    expect(await create(ana.token, { shortcode: 'com espaço', message: 'x' })).toMatchObject({ status: 400 });
    expect(await create(ana.token, { shortcode: 'geral', message: 'x', geral: true })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const own = await create(ana.token, { shortcode: 'bomdia', message: 'Bom dia! Como posso ajudar?' });
    expect(own).toMatchObject({ status: 201, body: { shortcode: 'bomdia', geral: false, userId: ana.id, isMedia: false } });
    const general = await create(admin, { shortcode: 'horario', message: 'Atendemos das 8h às 18h.', geral: true });
    expect(general).toMatchObject({ status: 201, body: { geral: true } });

    const shortcodes = async (token: string) => (await h.api<QuickMessage[]>('/quick-messages/list', { token })).body.map((q) => q.shortcode);
    expect(await shortcodes(ana.token)).toEqual(['bomdia', 'horario']);
    expect(await shortcodes(bia.token)).toEqual(['horario']);
    // Another agent's personal one is not hers to read, change or delete; the admin may.
    expect((await h.api(`/quick-messages/${own.body.id}`, { token: bia.token })).status).toBe(404);
    expect((await h.api(`/quick-messages/${own.body.id}`, { method: 'PUT', token: bia.token, body: { message: 'x' } })).status).toBe(404);
    expect((await h.api(`/quick-messages/${general.body.id}`, { method: 'PUT', token: bia.token, body: { message: 'x' } })).status).toBe(403);
    expect(await h.api(`/quick-messages/${own.body.id}`, { method: 'PUT', token: ana.token, body: { message: 'Olá! Em que posso ajudar?' } })).toMatchObject({ status: 200, body: { message: 'Olá! Em que posso ajudar?' } });

    const page = await h.api<QuickMessagePage>('/quick-messages?searchParam=AJUDAR', { token: ana.token });
    expect(page.body).toMatchObject({ records: [{ shortcode: 'bomdia' }], hasMore: false });
  });

  it('takes a file by its content, refuses a disguised one, and forgets it on removal', async () => {
    const q = (await create(ana.token, { shortcode: 'catalogo', message: 'Segue o catálogo.' })).body;
    const disguised = await upload(q.id, ana.token, Buffer.from('MZ\x90\x00 not really a pdf'), 'catalogo.pdf', 'application/pdf');
    expect(disguised.status).toBe(400);
    expect((await h.api<QuickMessage>(`/quick-messages/${q.id}`, { token: ana.token })).body.isMedia).toBe(false);
    const sent = await upload(q.id, ana.token, pdf(), 'catalogo.pdf', 'application/pdf');
    expect(sent).toMatchObject({ status: 200, body: { isMedia: true, mediaName: 'catalogo.pdf' } });
    expect(sent.body.mediaPath).toMatch(/^\/public\//);
    expect((await upload(q.id, bia.token, pdf(), 'x.pdf', 'application/pdf')).status).toBe(404);
    expect(await h.api(`/quick-messages/${q.id}/media-upload`, { method: 'DELETE', token: ana.token })).toMatchObject({ status: 200, body: { isMedia: false, mediaPath: null } });
    expect((await h.api(`/quick-messages/${q.id}`, { method: 'DELETE', token: ana.token })).status).toBe(200);
    expect((await h.api(`/quick-messages/${q.id}`, { token: ana.token })).status).toBe(404);
  });

  it('another company’s quick messages are never seen', async () => {
    const other = await addCompany(h, 'Outra Empresa');
    const otherToken = (await h.login(other.email, other.password)).token;
    const theirs = (await create(otherToken, { shortcode: 'segredo', message: 'só nosso', geral: true })).body;
    expect((await h.api(`/quick-messages/${theirs.id}`, { token: admin })).status).toBe(404);
    expect((await h.api<QuickMessage[]>('/quick-messages/list', { token: admin })).body.map((q) => q.shortcode)).not.toContain('segredo');
  });
});
