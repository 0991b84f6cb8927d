import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactList } from '@atendo/contracts';
import { addCompany } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

type Answer = { error?: string; message?: string; total?: number };

const MiB = 1024 * 1024;

/** An xlsx written row by row to disk (as an agent's export of a big customer base would be), never whole in memory. */
async function writeXlsx(file: string, rows: number, row: (i: number) => Array<string | number>, useSharedStrings = true): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings });
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow(['nome', 'numero', 'email', 'cidade']).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
}

/** The zip's central directory records each entry's expanded size; a forged file says less than its deflated data holds. */
function understateSizes(zip: Buffer): Buffer {
  const forged = Buffer.from(zip);
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = forged.indexOf(signature); at >= 0; at = forged.indexOf(signature, at + 4)) forged.writeUInt32LE(1000, at + 24);
  return forged;
}

describe('big spreadsheets: streamed, capped by rows and by expanded size, and one import never starves another company (issue 32 item 4)', () => {
  let h: Harness;
  let admin: string;
  let other: string;
  let dir: string;

  const post = async (url: string, file: Blob, name: string, token = admin) => {
    const form = new FormData();
    form.append('file', file, name);
    const res = await fetch(`${h.url}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as Answer };
  };

  /** Runs an import while another company keeps using the product; answers the import, the other's answers, and the server's peak RSS growth. */
  async function importWhileOthersWork(run: () => Promise<{ status: number; body: Answer }>) {
    global.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    let settled = false;
    const result = run().finally(() => (settled = true));
    const theirs: number[] = [];
    try {
      while (!settled) theirs.push((await h.api('/contacts', { token: other })).status);
      const answer = await result;
      peak = Math.max(peak, process.memoryUsage.rss());
      return { answer, theirs, grewMiB: (peak - before) / MiB };
    } finally {
      clearInterval(sampler);
    }
  }

  beforeAll(async () => {
    h = await startHarness();
    admin = (await h.login()).token;
    const company = await addCompany(h, 'Vizinha');
    other = (await h.login(company.email, company.password)).token;
    dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-big-imports-'));
  });
  afterAll(async () => {
    await h?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a 7 MB xlsx far past the row cap is refused at the cap with a 400, the server grows by far less than the file expands, and another company is answered meanwhile', async () => {
    const file = path.join(dir, 'base.xlsx');
    await writeXlsx(file, 160_000, (i) => [`Cliente ${i} ${(i * 7919).toString(36)}`, `55${String(11_900_000_000 + i * 37)}`, `cliente${i}@exemplo${i % 97}.com.br`, `Cidade ${i % 5000}`]);
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(6 * MiB);
    const { answer, theirs, grewMiB } = await importWhileOthersWork(async () => post('/contacts/import', await openAsBlob(file), 'base.xlsx'));
    console.log(`[big imports] ${(size / MiB).toFixed(1)} MB xlsx of 160,000 rows: ${answer.status} ${answer.body.error}; RSS grew ${grewMiB.toFixed(0)} MiB; the other company was answered ${theirs.length} times`);
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_SPREADSHEET_TOO_MANY_ROWS' } });
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((s) => s === 200)).toBe(true);
    expect(grewMiB).toBeLessThan(200);
  }, 240_000);

  it('a zip bomb (a small xlsx whose sheet expands far past the bound) is refused with 413 ERR_SPREADSHEET_TOO_LARGE on both imports, even when its directory understates the sizes', async () => {
    const file = path.join(dir, 'bomb.xlsx');
    const filler = 'A'.repeat(8 * MiB);
    // Inline strings: each row holds the 8 MiB again (shared strings would keep it once). 64 rows expand to 512 MiB.
    await writeXlsx(file, 64, (i) => [filler, `55119${String(i).padStart(8, '0')}`], false);
    const bomb = await openAsBlob(file);
    expect(bomb.size).toBeLessThan(3 * MiB);
    const forged = new Blob([understateSizes(Buffer.from(await bomb.arrayBuffer()))]);
    const { id: listId } = (await h.api<ContactList>('/contact-lists', { token: admin, body: { name: 'Bomba' } })).body;
    for (const [url, blob] of [
      ['/contacts/import', bomb],
      [`/contact-lists/${listId}/upload`, bomb],
      ['/contacts/import', forged],
      [`/contact-lists/${listId}/upload`, forged],
    ] as const) {
      const { answer, theirs, grewMiB } = await importWhileOthersWork(() => post(url, blob, 'bomba.xlsx'));
      console.log(`[big imports] zip bomb of ${(bomb.size / MiB).toFixed(2)} MB (512 MiB expanded) at ${url}: ${answer.status} ${answer.body.error}; RSS grew ${grewMiB.toFixed(0)} MiB`);
      expect(answer).toMatchObject({ status: 413, body: { error: 'ERR_SPREADSHEET_TOO_LARGE' } });
      expect(theirs.every((s) => s === 200)).toBe(true);
      // The reader may hold up to its 100 MiB bound of inflated text (rows kept, the XML parser's buffers, a GC that has
      // not run yet: 225 MiB was seen at a slow hour); a reader that expanded the bomb would grow past its 512 MiB.
      expect(grewMiB).toBeLessThan(320);
    }
    expect((await h.api<{ contacts: unknown[] }>(`/contact-list-items?contactListId=${listId}`, { token: admin })).body.contacts).toEqual([]);
  }, 240_000);

  it("a list import past its row cap and a big csv past the contacts' cap are refused at the cap", async () => {
    const file = path.join(dir, 'lista.xlsx');
    await writeXlsx(file, 6_000, (i) => [`Pessoa ${i}`, `55118${String(i).padStart(8, '0')}`, '', '']);
    const { id: listId } = (await h.api<ContactList>('/contact-lists', { token: admin, body: { name: 'Grande demais' } })).body;
    expect(await post(`/contact-lists/${listId}/upload`, await openAsBlob(file), 'lista.xlsx')).toMatchObject({ status: 400, body: { error: 'ERR_SPREADSHEET_TOO_MANY_ROWS' } });
    const lines = ['nome;numero'];
    for (let i = 1; i <= 60_000; i++) lines.push(`Pessoa ${i};55117${String(i).padStart(8, '0')}`);
    const { answer, grewMiB } = await importWhileOthersWork(() => post('/contacts/import', new Blob([lines.join('\n')]), 'base.csv'));
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_SPREADSHEET_TOO_MANY_ROWS' } });
    expect(grewMiB).toBeLessThan(200);
    expect((await h.api<{ contacts: unknown[] }>(`/contact-list-items?contactListId=${listId}`, { token: admin })).body.contacts).toEqual([]);
  }, 120_000);
});
