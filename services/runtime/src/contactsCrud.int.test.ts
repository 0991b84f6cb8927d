import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_COUNT_CAP, type ContactDetails, type ContactImport, type ContactPage, type ListTicketsResponse } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type FeedClient, type Harness } from './testing/harness.js';

/** How long a customer's message or a feed entry may take on a busy machine. */
const WAIT = 20_000;

type Answer<T> = T & { error?: string; message?: string; details?: Array<{ path: string; message: string }> };

describe('contacts: create, edit, delete, export, import (issue 12)', () => {
  let h: Harness;
  let admin: string;
  let agent: string;
  let tokenB: string;
  let feed: FeedClient;
  const api = <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) => h.api<Answer<T>>(path, { token: admin, ...init });
  const upload = async (name: string, content: Buffer | string, token = admin, type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const res = await fetch(`${h.url}/contacts/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as Answer<ContactImport> };
  };
  const finished = (id: string, token = admin, seen: number[] = [], withinMs = 120_000) =>
    eventually(
      async () => {
        const { body } = await api<ContactImport>(`/contacts/import/${id}`, { token });
        seen.push(body.done);
        expect(body.status).toBe('done');
        return body;
      },
      withinMs,
      100,
    );
  const count = async (searchParam: string, token = admin) => (await api<ContactPage>(`/contacts?searchParam=${encodeURIComponent(searchParam)}`, { token })).body.count;

  beforeAll(async () => {
    h = await startHarness();
    admin = (await h.login()).token;
    const user = await addUser(h, 'agente.contatos@demo.test');
    agent = (await h.login(user.email, user.password)).token;
    const b = await addCompany(h, 'Contatos B');
    tokenB = (await h.login(b.email, b.password)).token;
    feed = await h.socket(admin);
  }, 60_000);
  afterAll(async () => {
    feed?.close();
    await h?.stop();
  });

  let ana: ContactDetails;

  it('adds a contact with its number normalised, email and extra information, and tells the contact channel', async () => {
    const res = await api<ContactDetails>('/contacts', {
      body: { name: ' Ana Souza ', number: '+55 (11) 98888-0001', email: 'ana@example.com', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] },
    });
    expect(res.status).toBe(201);
    ana = res.body;
    expect(ana).toMatchObject({ name: 'Ana Souza', number: '5511988880001', email: 'ana@example.com', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }], isGroup: false });
    expect((await api<ContactDetails>(`/contacts/${ana.id}`)).body).toEqual(ana);
    expect(await count('ana souza')).toBe(1);
    await eventually(
      () => expect(feed.entries(`company-${h.companyId}-contact`)).toContainEqual(expect.objectContaining({ action: 'update', contact: expect.objectContaining({ id: ana.id, email: 'ana@example.com' }) })),
      WAIT,
    );
  });

  it('refuses a number that already has a contact (typed otherwise, or a customer who wrote first) with 409 ERR_DUPLICATED_CONTACT', async () => {
    const again = await api('/contacts', { body: { name: 'Outra Ana', number: '55 11 988880001' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');
    await h.customerSays('5511977770002', 'Olá', 'Bruno Cliente');
    await eventually(async () => expect(await count('5511977770002')).toBe(1), WAIT);
    const customer = await api('/contacts', { body: { name: 'Bruno', number: '5511977770002' } });
    expect(customer.status).toBe(409);
    expect(await count('Outra Ana')).toBe(0);
  });

  it('refuses a bad number, email or extra information with 400 naming the field, writing nothing', async () => {
    for (const [body, path] of [
      [{ name: 'X', number: '1234' }, 'number'],
      [{ name: 'X', number: 'abc5511999' }, 'number'],
      [{ name: 'X', number: '5511966660003', email: 'not-an-email' }, 'email'],
      [{ name: '', number: '5511966660003' }, 'name'],
      [{ name: 'X', number: '5511966660003', extraInfo: [{ value: 'no name' }] }, 'extraInfo[0].name'],
    ] as const) {
      const res = await api('/contacts', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.details?.map((d) => d.path)).toContain(path);
    }
    expect(await count('5511966660003')).toBe(0);
  });

  it("edits a contact's name, email and extra information; its number stays", async () => {
    const res = await api<ContactDetails>(`/contacts/${ana.id}`, { method: 'PUT', body: { name: 'Ana S. Lima', email: '', extraInfo: [{ name: 'Empresa', value: 'ACME' }] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ana.id, name: 'Ana S. Lima', email: '', number: '5511988880001', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
    // The same number, typed otherwise, is no change.
    expect((await api(`/contacts/${ana.id}`, { method: 'PUT', body: { number: '+55 11 98888 0001', name: 'Ana Lima' } })).status).toBe(200);
    const moved = await api(`/contacts/${ana.id}`, { method: 'PUT', body: { number: '5511900000000' } });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('ERR_CONTACT_NUMBER_FIXED');
    expect((await api('/contacts/999999', { method: 'PUT', body: { name: 'Ninguém' } })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api<ContactDetails>(`/contacts/${ana.id}`)).body).toMatchObject({ name: 'Ana Lima', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
  });

  it('lets only admins delete; a deleted contact goes with its tickets, and the number may write again as a new contact', async () => {
    await h.customerSays('5511955550004', 'Quero cancelar', 'Carla Apagada');
    const ticket = await eventually(async () => {
      const t = (await api<ListTicketsResponse>('/tickets?searchParam=5511955550004&showAll=true')).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    }, WAIT);
    const contactId = ticket.contact.id;
    const refused = await api(`/contacts/${contactId}`, { method: 'DELETE', token: agent });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(`/contacts/${contactId}`)).status).toBe(200);

    const deleted = await api(`/contacts/${contactId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await api(`/contacts/${contactId}`)).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api(`/tickets/${ticket.id}`)).status).toBe(404);
    expect((await api(`/contacts/${contactId}`, { method: 'DELETE' })).status).toBe(404);
    await eventually(() => expect(feed.entries(`company-${h.companyId}-contact`)).toContainEqual({ action: 'delete', contactId }), WAIT);

    await h.customerSays('5511955550004', 'Voltei', 'Carla de Novo');
    const again = await eventually(async () => {
      const page = (await api<ContactPage>('/contacts?searchParam=5511955550004')).body;
      expect(page.contacts).toHaveLength(1);
      return page.contacts[0]!;
    }, WAIT);
    expect(again.id).not.toBe(contactId);
    expect(again.name).toBe('Carla de Novo');
  });

  it('exports every contact as semicolon CSV (name;number;email), quoting what must be and keeping formulas out', async () => {
    await api('/contacts', { body: { name: '=HYPERLINK("x")', number: '5511944440005' } });
    await api('/contacts', { body: { name: 'Silva; Irmãos', number: '5511944440006', email: 'irmaos@example.com' } });
    const res = await fetch(`${h.url}/contacts/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('name;number;email');
    expect(lines).toContain('Ana Lima;5511988880001;');
    expect(lines).toContain('"Silva; Irmãos";5511944440006;irmaos@example.com');
    expect(lines).toContain(`"'=HYPERLINK(""x"")";5511944440005;`);
    expect(lines.at(-1)).toBe('');
    const b = await (await fetch(`${h.url}/contacts/export`, { headers: { authorization: `Bearer ${tokenB}` } })).text();
    expect(b.replace(/^\uFEFF/, '')).toBe('name;number;email\r\n');
  });

  it('imports a CSV: good rows in, each bad row reported with its row number and reason', async () => {
    const csv = [
      'Nome;Número;E-mail;Cidade',
      'Dora;+55 11 93333-0001;dora@example.com;Santos',
      'Sem número;;;',
      'Eli;5511933330002;eli-at-example;',
      ';5511933330003;;Recife',
      'Dora de novo;5511933330001;;',
      'Ana de novo;5511988880001;;',
      '',
      'Fábio;12;;',
    ].join('\n');
    const started = await upload('contatos.csv', csv);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', total: 7 });
    const report = await finished(started.body.id);
    expect(report).toMatchObject({ total: 7, done: 7, imported: 2 });
    expect(report.rejected).toEqual([
      { row: 3, reason: 'invalidNumber', value: '' },
      { row: 4, reason: 'invalidEmail', value: '5511933330002' },
      { row: 6, reason: 'duplicatedInFile', value: '5511933330001' },
      { row: 7, reason: 'duplicated', value: '5511988880001' },
      { row: 9, reason: 'invalidNumber', value: '12' },
    ]);
    const dora = (await api<ContactPage>('/contacts?searchParam=Dora')).body.contacts[0]!;
    expect((await api<ContactDetails>(`/contacts/${dora.id}`)).body).toMatchObject({ number: '5511933330001', email: 'dora@example.com', extraInfo: [{ name: 'Cidade', value: 'Santos' }] });
    // A row without a name takes its number as the name.
    expect(await count('5511933330003')).toBe(1);
  });

  it('imports an xlsx of 10,000 rows with bad ones: progress as it goes, the exact report, every good row in', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['name', 'number', 'email']);
    const expected: ContactImport['rejected'] = [];
    for (let i = 1; i <= 10_000; i++) {
      const row = i + 1;
      const number = `55219${String(i).padStart(8, '0')}`;
      if (i % 500 === 0) {
        sheet.addRow([`Ruim ${i}`, 'sem-numero', '']);
        expected.push({ row, reason: 'invalidNumber', value: 'sem-numero' });
      } else if (i % 777 === 0) {
        sheet.addRow([`Email ${i}`, number, 'x@']);
        expected.push({ row, reason: 'invalidEmail', value: number });
      } else if (i % 1000 === 1 && i > 1) {
        // The number of a good row two rows up: a repeat within the file.
        const previous = `55219${String(i - 2).padStart(8, '0')}`;
        sheet.addRow([`Repetido ${i}`, Number(previous), '']);
        expected.push({ row, reason: 'duplicatedInFile', value: previous });
      } else {
        // Numbers as numbers, as spreadsheets keep them.
        sheet.addRow([`Lote ${String(i).padStart(5, '0')}`, Number(number), `lote${i}@example.com`]);
      }
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = await upload('lote.xlsx', file);
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(10_000);
    const seen: number[] = [];
    // 10,000 rows took over two minutes once, with every core busy: the test gives it what its own timeout allows.
    const report = await finished(started.body.id, admin, seen, 200_000);
    expect(report.done).toBe(10_000);
    expect(report.rejected).toEqual(expected);
    expect(report.imported).toBe(10_000 - expected.length);
    // Progress was told on the way, never going back.
    expect(seen.some((d) => d > 0 && d < 10_000)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Every good row is a contact (the list counts only up to CONTACT_COUNT_CAP: past it, it says more).
    expect(await count('Lote ')).toBe(CONTACT_COUNT_CAP + 1);
    const stored = (await h.atendo.knex('contacts').where({ company_id: h.companyId }).whereLike('name', 'Lote %').count<{ n: string }[]>('* as n'))[0]!;
    expect(Number(stored.n)).toBe(10_000 - expected.length);
    const told = feed.entries(`company-${h.companyId}-contact`);
    console.log(`[contacts import] contact channel: ${told.length} entries, ${told.filter((e) => e.action === 'reload').length} reloads`);
    // Batches of many changes were told as "fetch the list again", not as ten thousand contacts.
    expect(told).toContainEqual({ action: 'reload' });
    expect(told.length).toBeLessThan(5_000);
    console.log(`[contacts import] 10,000 rows: ${report.imported} imported, ${report.rejected.length} rejected; progress seen ${seen.length} times`);
  }, 240_000);

  it('refuses what is not a spreadsheet with a clear 400 and writes nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const notSheet = await upload('contatos.xlsx', png);
    expect(notSheet.status).toBe(400);
    expect(notSheet.body.error).toBe('ERR_VALIDATION');
    expect(notSheet.body.details?.[0]).toMatchObject({ path: 'file', rule: 'fileType' });
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    const old = await upload('contatos.xls', xls);
    expect(old.status).toBe(400);
    expect(['ERR_SPREADSHEET_XLS', 'ERR_VALIDATION']).toContain(old.body.error);
    const noNumber = await upload('contatos.csv', 'nome;cidade\nZé;Natal\n');
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.error).toBe('ERR_SPREADSHEET_NO_NUMBER');
    const broken = await upload('contatos.csv', 'name;number\n"Zé;5511900000001\n');
    expect([202, 400]).toContain(broken.status);
    expect((await upload('contatos.csv', '')).status).toBe(400);
    expect(await count('Zé')).toBe(0);
  });

  it("keeps companies apart: B cannot read, change, delete or follow A's contacts and imports, and may have the same number", async () => {
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'intrusion' }], ['DELETE', undefined]] as const) {
      const res = await api(`/contacts/${ana.id}`, { method, token: tokenB, body });
      expect(res.status, method).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Ana');
    }
    const job = await upload('a.csv', 'name;number\nSó da A;5511922220001\n');
    await finished(job.body.id);
    expect((await api(`/contacts/import/${job.body.id}`, { token: tokenB })).body.error).toBe('ERR_CONTACT_IMPORT_NOT_FOUND');
    expect(await count('Ana', tokenB)).toBe(0);
    const same = await api<ContactDetails>('/contacts', { token: tokenB, body: { name: 'Ana da B', number: '5511988880001' } });
    expect(same.status).toBe(201);
    expect((await api<ContactDetails>(`/contacts/${ana.id}`)).body.name).toBe('Ana Lima');
    expect(feed.entries(`company-${h.companyId}-contact`).some((e) => JSON.stringify(e).includes('Ana da B'))).toBe(false);
  });
});
