import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListPage, FileListView } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { FileListQueries, fileListsProjection, rebuildProjection } from '@atendo/read';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { userEventCount } from './testing/log.js';

type Answer<T> = T & { error?: string; details?: Array<{ path: string; rule: string }> };

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const png = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('file lists', () => {
  let h: Harness;
  let admin: string;
  let agent: string;

  const eventCount = () => userEventCount(h);
  const create = (body: unknown, token = admin) => h.api<Answer<FileListView>>('/files', { token, body });
  const upload = (listId: number, optionId: number | string, bytes: Buffer, name: string, token = admin, type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('files', new Blob([bytes], { type }), name);
    form.append('id', String(optionId));
    form.append('typeArch', 'fileList');
    form.append('mediaType', type);
    return fetch(`${h.url}/files/uploadList/${listId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(async (r) => ({ status: r.status, body: (await r.json()) as Answer<FileListView> }));
  };

  beforeAll(async () => {
    h = await startHarness();
    admin = (await h.login()).token;
    const user = await addUser(h, 'agent@files.test');
    agent = (await h.login(user.email, user.password)).token;
  });
  afterAll(async () => h?.stop());

  it('a list: name required (at least 3), message required; refused input writes nothing', async () => {
    const before = await eventCount();
    expect(await create({ message: 'x' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'name', rule: 'required' }] } });
    expect(await create({ name: ' ab ', message: 'x' })).toMatchObject({ status: 400, body: { details: [{ path: 'name', rule: 'tooShort' }] } });
    expect(await create({ name: 'Catálogo' })).toMatchObject({ status: 400, body: { details: [{ path: 'message', rule: 'required' }] } });
    expect(await create({ name: 'Catálogo', message: 'x', options: [{ name: '' }] })).toMatchObject({ status: 400, body: { details: [{ path: 'options[0].name', rule: 'required' }] } });
    expect(await create({ name: 'Catálogo', message: 'x', options: Array.from({ length: 21 }, (_, i) => ({ name: `o${i}` })) })).toMatchObject({ status: 400, body: { details: [{ path: 'options', rule: 'tooMany' }] } });
    expect(await create({ name: 'Catálogo', message: 42 })).toMatchObject({ status: 400, body: { details: [{ path: 'message', rule: 'type' }] } });
    // Admins keep file lists.
    expect(await create({ name: 'Catálogo', message: 'x' }, agent)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await eventCount()).toBe(before);
    expect(await h.api('/files/999999', { token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_NOT_FOUND' } });
    expect(await h.api('/files/999999', { method: 'PUT', token: admin, body: { name: 'Outra' } })).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_NOT_FOUND' } });
    expect(await h.api('/files/999999', { method: 'DELETE', token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_NOT_FOUND' } });
  });

  it('options get ids, files by content (a disguised one refused), and a signed URL that serves the file', async () => {
    const created = await create({ name: '  Catálogo 2026 ', message: 'Segue o catálogo', options: [{ name: 'Preços' }, { name: 'Foto' }] });
    expect(created).toMatchObject({ status: 201, body: { name: 'Catálogo 2026', message: 'Segue o catálogo', options: [{ name: 'Preços', path: null, url: null }, { name: 'Foto', path: null }] } });
    const list = created.body;
    const [prices, photo] = list.options;

    const before = await eventCount();
    const disguised = await upload(list.id, prices!.id, Buffer.from('MZ\x90\x00 not really a pdf'), 'precos.pdf');
    expect(disguised).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'files', rule: 'fileType' }] } });
    expect(await upload(list.id, 'abc', pdf(), 'precos.pdf')).toMatchObject({ status: 400, body: { details: [{ path: 'id' }] } });
    expect(await upload(list.id, 999999, pdf(), 'precos.pdf')).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_OPTION_NOT_FOUND' } });
    expect(await eventCount()).toBe(before);

    const sent = await upload(list.id, prices!.id, pdf(), 'tabela de preços.pdf');
    expect(sent.status).toBe(200);
    const option = sent.body.options.find((o) => o.id === prices!.id)!;
    // Spec: the attachment's name has its spaces replaced with underscores.
    expect(option).toMatchObject({ mediaType: 'application', mime: 'application/pdf', fileName: 'tabela_de_preços.pdf' });
    expect(option.path).toMatch(/^\/public\/.+\.pdf$/);
    expect(option.url).toMatch(/^\/public\/.+\?exp=\d+&sig=/);
    const served = await fetch(`${h.url}${option.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf())).toBe(true);

    const image = await upload(list.id, photo!.id, png(), 'foto.png');
    expect(image.body.options.find((o) => o.id === photo!.id)).toMatchObject({ mediaType: 'image', mime: 'image/png' });

    // Replacing a file lets the old one go.
    const replaced = await upload(list.id, prices!.id, pdf(), 'nova tabela.pdf');
    expect(replaced.body.options.find((o) => o.id === prices!.id)).toMatchObject({ fileName: 'nova_tabela.pdf' });
    expect((await fetch(`${h.url}${option.url}`)).status).toBe(404);

    // What the campaign dispatcher reads.
    const forCampaign = await new FileListQueries(h.atendo.knex).fileListWithOptions(h.companyId, list.id);
    expect(forCampaign).toMatchObject({ message: 'Segue o catálogo', options: [{ name: 'Preços', mediaType: 'application' }, { name: 'Foto', mediaType: 'image' }] });
  });

  it('a change: name and message, options kept and renamed, added, and removed with their file', async () => {
    const list = (await create({ name: 'Materiais', message: 'Olá', options: [{ name: 'A' }, { name: 'B' }] })).body;
    const [a, b] = list.options;
    const withFile = await upload(list.id, b!.id, pdf(), 'b.pdf');
    const bUrl = withFile.body.options.find((o) => o.id === b!.id)!.url!;

    expect(await h.api(`/files/${list.id}`, { method: 'PUT', token: admin, body: { name: 'ab' } })).toMatchObject({ status: 400, body: { details: [{ path: 'name', rule: 'tooShort' }] } });
    expect(await h.api(`/files/${list.id}`, { method: 'PUT', token: admin, body: { message: '' } })).toMatchObject({ status: 400, body: { details: [{ path: 'message', rule: 'required' }] } });
    const before = await eventCount();
    expect(await h.api(`/files/${list.id}`, { method: 'PUT', token: admin, body: { options: [{ id: 999999, name: 'x' }] } })).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_OPTION_NOT_FOUND' } });
    expect(await h.api(`/files/${list.id}`, { method: 'PUT', token: admin, body: { options: [{ id: a!.id, name: 'x' }, { id: a!.id, name: 'y' }] } })).toMatchObject({ status: 400 });
    expect(await eventCount()).toBe(before);

    const changed = await h.api<FileListView>(`/files/${list.id}`, { method: 'PUT', token: admin, body: { name: 'Materiais 2', message: 'Oi', options: [{ id: a!.id, name: 'A renomeada' }, { name: 'C' }] } });
    expect(changed).toMatchObject({ status: 200, body: { name: 'Materiais 2', message: 'Oi', options: [{ id: a!.id, name: 'A renomeada' }, { name: 'C', path: null }] } });
    expect(changed.body.options).toHaveLength(2);
    // B's file went with it.
    expect((await fetch(`${h.url}${bUrl}`)).status).toBe(404);
  });

  it('pages by name with hasMore; with companyId, every list for the campaign form', async () => {
    for (let i = 1; i <= 21; i++) await create({ name: `Página ${String(i).padStart(2, '0')}`, message: 'm' });
    const first = await h.api<FileListPage>('/files?searchParam=PÁGINA', { token: admin });
    expect(first.body.files.map((f) => f.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Página ${String(i + 1).padStart(2, '0')}`));
    expect(first.body.hasMore).toBe(true);
    const second = await h.api<FileListPage>('/files?searchParam=página&pageNumber=2', { token: admin });
    expect(second.body).toEqual({ files: [expect.objectContaining({ name: 'Página 21', optionsCount: 0 })], hasMore: false });
    const all = await h.api<FileListPage>(`/files?companyId=${h.companyId}`, { token: admin });
    expect(all.body.hasMore).toBe(false);
    expect(all.body.files.length).toBeGreaterThan(21);
    expect(await h.api('/files?pageNumber=0', { token: admin })).toMatchObject({ status: 400 });
  });

  it("another company's list is 404 on every route, and its lists are not listed", async () => {
    const b = await addCompany(h, 'Files B');
    const tokenB = (await h.login(b.email, b.password)).token;
    const theirs = (await create({ name: 'Lista da B', message: 'da B', options: [{ name: 'opção da B' }] }, tokenB)).body;
    const before = await eventCount();
    expect(await h.api(`/files/${theirs.id}`, { token: admin })).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_NOT_FOUND' } });
    expect(await h.api(`/files/${theirs.id}`, { method: 'PUT', token: admin, body: { name: 'intrusão' } })).toMatchObject({ status: 404 });
    expect(await h.api(`/files/${theirs.id}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 404 });
    expect(await upload(theirs.id, theirs.options[0]!.id, pdf(), 'x.pdf')).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_NOT_FOUND' } });
    // An option of B's list is not an option of A's.
    const mine = (await create({ name: 'Lista da A', message: 'da A' })).body;
    const afterMine = await eventCount();
    expect(await upload(mine.id, theirs.options[0]!.id, pdf(), 'x.pdf')).toMatchObject({ status: 404, body: { error: 'ERR_FILE_LIST_OPTION_NOT_FOUND' } });
    expect(await eventCount()).toBe(afterMine);
    expect(afterMine).toBe(before + 1);
    const names = (await h.api<FileListPage>(`/files?companyId=${b.companyId}`, { token: admin })).body.files.map((f) => f.name);
    expect(names).not.toContain('Lista da B');
    expect((await h.api<FileListView>(`/files/${theirs.id}`, { token: tokenB })).body.name).toBe('Lista da B');
  });

  it('admins hear lists on the file channel; deleting a list removes it and its files', async () => {
    const feed = await h.socket(admin);
    const agentFeed = await h.socket(agent);
    const channel = `company-${h.companyId}-file`;
    try {
      const list = (await create({ name: 'Ao vivo', message: 'm', options: [{ name: 'x' }] })).body;
      await eventually(() => expect(feed.entries(channel)).toContainEqual(expect.objectContaining({ action: 'create', record: expect.objectContaining({ id: list.id, name: 'Ao vivo', optionsCount: 1 }) })));
      const url = (await upload(list.id, list.options[0]!.id, pdf(), 'x.pdf')).body.options[0]!.url!;
      expect(await h.api(`/files/${list.id}`, { method: 'DELETE', token: admin })).toMatchObject({ status: 200 });
      await eventually(() => expect(feed.entries(channel)).toContainEqual({ action: 'delete', id: list.id }));
      expect(await h.api(`/files/${list.id}`, { token: admin })).toMatchObject({ status: 404 });
      expect((await fetch(`${h.url}${url}`)).status).toBe(404);
      expect(await new FileListQueries(h.atendo.knex).fileListWithOptions(h.companyId, list.id)).toBeUndefined();
      expect(agentFeed.entries(channel)).toEqual([]);
    } finally {
      feed.close();
      agentFeed.close();
    }
  });

  it('a rebuild from the log gives the same rows', async () => {
    const knex = h.atendo.knex;
    const rows = async () => [await knex('file_lists').orderBy('id').select(), await knex('file_list_options').orderBy('id').select()];
    const before = await rows();
    expect(before[1]!.length).toBeGreaterThan(3);
    await rebuildProjection({ store: h.atendo.store, knex, projection: fileListsProjection, batchSize: 7 });
    expect(await rows()).toEqual(before);
  });
});
