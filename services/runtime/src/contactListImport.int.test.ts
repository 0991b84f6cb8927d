import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ContactList, ContactListImportReport, ContactListItem, ContactListItemPage } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { addCompany, addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { userEventCount } from './testing/log.js';

type Answer<T> = T & { error?: string; message?: string; details?: Array<{ path: string; rule: string }> };

/** An xlsx of these rows (the first is the header), numbers as text as people type them. */
async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('contact lists: spreadsheet import, example spreadsheet, WhatsApp check of the numbers', () => {
  let h: Harness;
  let admin: string;

  const eventCount = () => userEventCount(h);
  const upload = async (listId: number, name: string, content: Buffer | string, token = admin) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/octet-stream' }), name);
    const res = await fetch(`${h.url}/contact-lists/${listId}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as Answer<ContactListImportReport> };
  };
  const list = async (name: string, token = admin) => {
    const res = await h.api<ContactList>('/contact-lists', { token, body: { name } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const items = async (listId: number) =>
    (await h.api<ContactListItemPage>(`/contact-list-items?contactListId=${listId}`, { token: admin })).body.contacts.map((c) => [c.name, c.number, c.email]);

  beforeAll(async () => {
    h = await startHarness();
    admin = (await h.login()).token;
  });
  afterAll(async () => h?.stop());

  it('the example spreadsheet is an xlsx with the header name, number, email and one row', async () => {
    const res = await fetch(`${h.url}/contact-lists/example-spreadsheet`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('contact-list-example.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([undefined, 'name', 'number', 'email']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Maria Silva', '5511999999999', 'maria@example.com']);
    // The example imports as it is.
    const { id } = await list('Do exemplo');
    const file = Buffer.from(await (await fetch(`${h.url}/contact-lists/example-spreadsheet`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
    expect((await upload(id, 'exemplo.xlsx', file)).body).toMatchObject({ total: 1, added: 1, duplicates: 0, invalid: 0 });
  });

  it('a good xlsx (Portuguese header, any column order): every row becomes a contact of the list', async () => {
    const { id } = await list('Importada');
    const file = await xlsx([
      ['E-mail', 'Número', 'Nome'],
      ['ana@example.com', '+55 (11) 91000-0001', 'Ana'],
      ['', 5511910000002, 'Bruno'],
      ['carla@example.com', '5511910000003', ' Carla '],
    ]);
    const res = await upload(id, 'clientes.xlsx', file);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      contactListId: id,
      total: 3,
      added: 3,
      duplicates: 0,
      invalid: 0,
      rows: [
        { row: 2, outcome: 'added', name: 'Ana', number: '5511910000001', itemId: expect.any(Number) },
        { row: 3, outcome: 'added', name: 'Bruno', number: '5511910000002', itemId: expect.any(Number) },
        { row: 4, outcome: 'added', name: 'Carla', number: '5511910000003', itemId: expect.any(Number) },
      ],
    });
    expect(await items(id)).toEqual([
      ['Ana', '5511910000001', 'ana@example.com'],
      ['Bruno', '5511910000002', ''],
      ['Carla', '5511910000003', 'carla@example.com'],
    ]);
    expect((await h.api<ContactList>(`/contact-lists/${id}`, { token: admin })).body.contactsCount).toBe(3);
  });

  it('broken rows are reported one by one (invalid with the refused fields, duplicates in the file and in the list); the good ones go in', async () => {
    const { id } = await list('Com problemas');
    expect((await h.api('/contact-list-items', { token: admin, body: { contactListId: id, name: 'Já estava', number: '5511920000009' } })).status).toBe(201);
    // A .xls name with xlsx content is read by its content; Spanish header.
    const file = await xlsx([
      ['nombre', 'teléfono', 'correo'],
      ['Diego', '5511920000001', 'diego@example.com'],
      ['X', '5511920000002', ''],
      ['Elena', '123', ''],
      ['Fabio', '5511920000004', 'fabio@'],
      ['Diego outra vez', '55 11 92000-0001', ''],
      ['Gabi', '5511920000009', ''],
      ['', '', ''],
      ['Hugo', 'não sei', ''],
    ]);
    const res = await upload(id, 'lista.xls', file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 7, added: 1, duplicates: 2, invalid: 4 });
    expect(res.body.rows).toEqual([
      { row: 2, outcome: 'added', name: 'Diego', number: '5511920000001', itemId: expect.any(Number) },
      { row: 3, outcome: 'invalid', name: 'X', number: '5511920000002', code: 'ERR_VALIDATION', details: [{ path: 'name', message: 'validation.tooShort', params: { min: 2 } }] },
      { row: 4, outcome: 'invalid', name: 'Elena', number: '123', code: 'ERR_VALIDATION', details: [{ path: 'number', message: 'validation.tooShort', params: { min: 8 } }] },
      { row: 5, outcome: 'invalid', name: 'Fabio', number: '5511920000004', code: 'ERR_VALIDATION', details: [{ path: 'email', message: 'validation.email' }] },
      { row: 6, outcome: 'duplicate', name: 'Diego outra vez', number: '55 11 92000-0001', code: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' },
      { row: 7, outcome: 'duplicate', name: 'Gabi', number: '5511920000009', code: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' },
      // Row 8 is empty and skipped.
      {
        row: 9,
        outcome: 'invalid',
        name: 'Hugo',
        number: 'não sei',
        code: 'ERR_VALIDATION',
        details: [
          { path: 'number', message: 'validation.tooShort', params: { min: 8 } },
          { path: 'number', message: 'validation.invalid' },
        ],
      },
    ]);
    expect(await items(id)).toEqual([
      ['Diego', '5511920000001', 'diego@example.com'],
      ['Já estava', '5511920000009', ''],
    ]);
  });

  it('a csv is read too (its separator guessed)', async () => {
    const { id } = await list('Do csv');
    const res = await upload(id, 'contatos.csv', 'nome;numero;email\nIvo;5511930000001;ivo@example.com\nJu;5511930000002;\n');
    expect(res.body).toMatchObject({ total: 2, added: 2 });
    expect(await items(id)).toEqual([
      ['Ivo', '5511930000001', 'ivo@example.com'],
      ['Ju', '5511930000002', ''],
    ]);
  });

  it('an import of many rows reaches the console as a reload of the list and its new count, not an entry per row', async () => {
    const feed = await h.socket(admin);
    try {
      const { id } = await list('Grande');
      const rows = Array.from({ length: 300 }, (_, i) => [`Pessoa ${i}`, `55119700${String(i).padStart(5, '0')}`]);
      const res = await upload(id, 'grande.xlsx', await xlsx([['nome', 'numero'], ...rows]));
      expect(res.body).toMatchObject({ total: 300, added: 300 });
      const itemsChannel = `company-${h.companyId}-ContactListItem`;
      await eventually(() => expect(feed.entries(`company-${h.companyId}-ContactList`)).toContainEqual({ action: 'update', record: { id, name: 'Grande', contactsCount: 300 } }));
      await eventually(() => expect(feed.entries(itemsChannel)).toContainEqual({ action: 'reload', contactListId: id }));
      const creates = feed.entries(itemsChannel).filter((e) => (e as { action: string }).action === 'create');
      expect(creates.length).toBeLessThan(300);
    } finally {
      feed.close();
    }
  });

  it('a file that is no spreadsheet, a broken one, an old .xls, missing columns or no rows: a clear 400 and nothing written', async () => {
    const { id } = await list('Recusas');
    const before = await eventCount();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(await upload(id, 'contatos.xlsx', png)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'file', rule: 'fileType' }] } });
    expect(await upload(id, 'contatos.xlsx', 'só um texto')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'file', rule: 'fileType' }] } });
    const good = await xlsx([['nome', 'numero'], ...Array.from({ length: 200 }, (_, i) => [`Pessoa ${i}`, `55119400${String(i).padStart(5, '0')}`])]);
    const cut = good.subarray(0, Math.floor(good.length / 2));
    expect(await upload(id, 'cortada.xlsx', cut)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_SPREADSHEET' } });
    const biff = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    const old = await upload(id, 'antiga.xls', biff);
    expect(old).toMatchObject({ status: 400, body: { error: 'ERR_SPREADSHEET_XLS' } });
    expect(old.body.message).toMatch(/xlsx/);
    expect(await upload(id, 'sem-nome.xlsx', await xlsx([['numero', 'cidade'], ['5511940000001', 'Natal']]))).toMatchObject({ status: 400, body: { error: 'ERR_CONTACT_LIST_SPREADSHEET_COLUMNS' } });
    expect(await upload(id, 'vazia.xlsx', await xlsx([['nome', 'numero', 'email']]))).toMatchObject({ status: 400, body: { error: 'ERR_CONTACT_LIST_SPREADSHEET_EMPTY' } });
    expect(await upload(id, 'zero.csv', '')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const tooBig = Buffer.concat([good, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(id, 'grande.xlsx', tooBig)).toMatchObject({ status: 413, body: { error: 'ERR_VALIDATION', details: [{ path: 'file', rule: 'fileTooLarge' }] } });
    // No file at all.
    const res = await fetch(`${h.url}/contact-lists/${id}/upload`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: new FormData() });
    expect(res.status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await items(id)).toEqual([]);
  });

  it("another company's list is 404 (the file is not read), an agent 403, and a plan without campaigns 403", async () => {
    const file = await xlsx([['nome', 'numero'], ['Intruso', '5511950000001']]);
    const other = await addCompany(h, 'Outra Importação');
    const theirToken = (await h.login(other.email, other.password)).token;
    const theirs = await list('Lista deles', theirToken);
    const user = await addUser(h, 'agent@import.test');
    const agent = (await h.login(user.email, user.password)).token;
    const before = await eventCount();
    expect(await upload(theirs.id, 'x.xlsx', file)).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
    expect(await upload(999999, 'x.xlsx', file)).toMatchObject({ status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } });
    const { id } = await list('Só admin importa');
    const afterList = await eventCount();
    expect(afterList).toBe(before + 1);
    expect(await upload(id, 'x.xlsx', file, agent)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await fetch(`${h.url}/contact-lists/example-spreadsheet`, { headers: { authorization: `Bearer ${agent}` } })).status).toBe(403);

    const setCampaigns = async (value: boolean) => {
      const r = await handleCommand(h.atendo.store, planDecider, planStream(1), { type: 'update', changes: { useCampaigns: value } }, { actor: { type: 'system' } });
      await h.atendo.readYourWrites(r.position);
    };
    await setCampaigns(false);
    try {
      expect(await upload(id, 'x.xlsx', file)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await fetch(`${h.url}/contact-lists/example-spreadsheet`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(403);
    } finally {
      await setCampaigns(true);
    }
    expect(await eventCount()).toBe(afterList);
    expect(await items(id)).toEqual([]);
  });

  it("each number is checked on WhatsApp through the company's connection: the verdict reaches the item and the ContactListItem channel", async () => {
    // A Baileys number as the company's default connection; the fake WhatsApp knows every number but one.
    const linked = await h.linkNumber(admin, { name: 'Campanhas', isDefault: true, queueIds: [h.queueIds[0]] });
    expect(linked).toBeGreaterThan(0);
    h.whatsapp.unknownNumbers.add('5511960000002');
    h.whatsapp.unknownNumbers.add('5511960000004');
    const feed = await h.socket(admin);
    try {
      const { id } = await list('Verificada');
      const res = await upload(id, 'verificar.xlsx', await xlsx([['name', 'phone'], ['Tem WhatsApp', '5511960000001'], ['Sem WhatsApp', '5511960000002']]));
      expect(res.body.added).toBe(2);
      const [withId, withoutId] = res.body.rows.map((r) => r.itemId!);
      const item = async (itemId: number) => (await h.api<ContactListItem>(`/contact-list-items/${itemId}`, { token: admin })).body;
      await eventually(async () => {
        expect((await item(withId!)).isWhatsappValid).toBe(true);
        expect((await item(withoutId!)).isWhatsappValid).toBe(false);
      }, 20_000);
      const channel = `company-${h.companyId}-ContactListItem`;
      await eventually(() => expect(feed.entries(channel)).toContainEqual({ action: 'update', record: expect.objectContaining({ id: withoutId, isWhatsappValid: false }) }));

      // An item added by hand is checked too; a changed number is checked again.
      const byHand = (await h.api<ContactListItem>('/contact-list-items', { token: admin, body: { contactListId: id, name: 'À mão', number: '5511960000003' } })).body;
      await eventually(async () => expect((await item(byHand.id)).isWhatsappValid).toBe(true), 20_000);
      const renumbered = (await h.api<ContactListItem>(`/contact-list-items/${byHand.id}`, { method: 'PUT', token: admin, body: { number: '5511960000004' } })).body;
      expect(renumbered).toMatchObject({ number: '5511960000004', isWhatsappValid: null });
      await eventually(async () => expect((await item(byHand.id)).isWhatsappValid).toBe(false), 20_000);
      // The verdicts are the system's, on the items' own streams.
      const verdicts = (await h.atendo.knex.raw(
        `SELECT count(*) AS n FROM events WHERE event_type = 'ContactListItemUpdated' AND jsonb_exists(data->'changes', 'isWhatsappValid') AND metadata->'actor'->>'type' = 'system'`,
      )) as { rows: Array<{ n: string }> };
      expect(Number(verdicts.rows[0]!.n)).toBeGreaterThanOrEqual(4);
    } finally {
      feed.close();
    }
  }, 60_000);
});
