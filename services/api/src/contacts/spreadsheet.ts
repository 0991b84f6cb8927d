import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import type ExcelJS from 'exceljs';
import unzipper, { type ZipEntry } from 'unzipper';
import { AppError } from '@atendo/platform';

/** A sheet's rows as text: `row` is its number in the sheet (the header is row 1). */
export interface SheetRows {
  header: string[];
  rows: Array<{ row: number; cells: string[] }>;
}

/**
 * The mimes an import takes, recognised by content (media/mediaTypes.ts); x-cfb is the old .xls, refused with a reason.
 * A zip is taken too: a streamed writer (exceljs's own) puts a big sheet before the part that names the file an xlsx,
 * past where content sniffing looks; the reader then finds its sheet or refuses it.
 */
export const SPREADSHEET_MIMES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip', 'text/csv', 'application/x-cfb'] as const;

/**
 * The most an xlsx's parts that are read (its workbook, styles, shared strings and first sheet up to the row cap) may
 * expand to. 50,000 rows of ten columns come to about 40 MiB; a zip bomb's few hundred KB can claim gigabytes.
 */
export const SPREADSHEET_MAX_EXPANDED_BYTES = 100 * 1024 * 1024;
/** Files in an xlsx: a workbook has a few dozen; each costs memory when its directory is read. */
const MAX_ZIP_ENTRIES = 1_000;

const unreadable = (why: string) => new AppError('ERR_INVALID_SPREADSHEET', 400, `The file could not be read as a spreadsheet: ${why}`);
const tooLarge = (why: string) =>
  new AppError('ERR_SPREADSHEET_TOO_LARGE', 413, `The spreadsheet expands to too much to read: ${why}; save only the columns and rows to import`, {
    maxBytes: SPREADSHEET_MAX_EXPANDED_BYTES,
  });
const tooManyRows = (maxRows: number) => new AppError('ERR_SPREADSHEET_TOO_MANY_ROWS', 400, `At most ${maxRows} rows in one import; this one has more`, { max: maxRows });

/** A CSV's separator: whichever of ; , or tab its first line has most of (our export writes ;). */
async function csvDelimiter(path: string): Promise<string> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
    const line = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    const counts = [';', ',', '\t'].map((d) => [d, line.split(d).length] as const);
    return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  } finally {
    await file.close();
  }
}

/** A cell as the person sees it; a formula, a link or rich text gives its text, an error or nothing gives ''. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'error' in value) return '';
  try {
    return cell.text.trim();
  } catch {
    return String(value).trim();
  }
}

/** Gathers rows as they are read: the first is the header, empty ones are skipped, one past the cap stops the read. */
function rowCollector(maxRows: number) {
  let header: string[] | null = null;
  const rows: SheetRows['rows'] = [];
  return {
    add(number: number, cells: string[]) {
      if (number > maxRows + 1) throw tooManyRows(maxRows);
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (header === null) header = cells.map((c) => c.replace(/^\uFEFF/, '').trim());
      else if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
    },
    result(): SheetRows {
      if (header === null) throw unreadable('it has no rows');
      return { header, rows };
    },
  };
}

/** Every line as text (a number keeps its digits), streamed: the file is never whole in memory, and reading stops at the cap. */
async function readCsv(path: string, maxRows: number): Promise<SheetRows> {
  const collect = rowCollector(maxRows);
  const delimiter = await csvDelimiter(path);
  const lines = createReadStream(path).pipe(parseCsv<string[], string[]>({ delimiter }));
  let number = 0;
  try {
    for await (const cells of lines as AsyncIterable<string[]>) collect.add(++number, cells.map((c) => c.trim()));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable((error as Error).message);
  } finally {
    lines.destroy();
  }
  return collect.result();
}

/** The count of files an xlsx's end record announces, read before its directory is (a forged one can announce millions). */
async function zipEntryCount(path: string): Promise<number> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const tail = Math.min(size, 22 + 0xffff);
    const { buffer } = await file.read(Buffer.alloc(tail), 0, tail, size - tail);
    const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > buffer.length) throw unreadable('it is not a complete xlsx (zip) file');
    return buffer.readUInt16LE(end + 10);
  } finally {
    await file.close();
  }
}

/**
 * exceljs's streaming reader (exceljs 4.4.0, pinned), driven part by part: handed the streams we open from the zip's
 * directory, in the order it needs them (shared strings before the sheet, so it parks no sheet in a temporary file),
 * and only the parts an import reads.
 */
interface WorkbookParts {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncIterable<unknown>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseWorksheet(stream: Readable, sheetNo: string): Iterator<{ value: AsyncIterable<ExcelJS.Row> }, undefined>;
}

/** The zip path of the workbook's first sheet (by its tabs' order), else of the lowest-numbered sheet. */
function firstSheetPath(parts: WorkbookParts, entries: Map<string, ZipEntry>): string | undefined {
  const rId = parts.model?.sheets?.[0]?.rId;
  const target = parts.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (target) {
    const inZip = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (entries.has(inZip)) return inZip;
  }
  const number = (p: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(p)?.[1] ?? NaN);
  return [...entries.keys()].filter((p) => !Number.isNaN(number(p))).sort((a, b) => number(a) - number(b))[0];
}

/**
 * The first sheet of an xlsx, streamed. Its directory's declared sizes are checked before anything is inflated, and
 * the bytes actually inflated are counted (a forged directory may understate them): past the bound the read stops
 * with ERR_SPREADSHEET_TOO_LARGE. The sheet's rows are read up to the row cap, no further.
 */
async function readXlsx(path: string, maxRows: number): Promise<SheetRows> {
  const count = await zipEntryCount(path);
  if (count > MAX_ZIP_ENTRIES) throw tooLarge(`it holds ${count} files`);
  let directory: Awaited<ReturnType<typeof unzipper.Open.file>>;
  try {
    directory = await unzipper.Open.file(path);
  } catch (error) {
    throw unreadable((error as Error).message);
  }
  const entries = new Map(directory.files.filter((f) => f.type === 'File').map((f) => [f.path, f]));
  const { default: Excel } = await import('exceljs');
  const parts = new Excel.stream.xlsx.WorkbookReader(null as never, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  const declared = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']
    .map((p) => entries.get(p)?.uncompressedSize ?? 0)
    .reduce((a, b) => a + b, 0);
  if (declared > SPREADSHEET_MAX_EXPANDED_BYTES) throw tooLarge(`its parts declare ${declared} bytes`);

  let inflated = 0;
  const opened: Readable[] = [];
  const counted = (entry: ZipEntry): Readable => {
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        inflated += chunk.length;
        if (inflated > SPREADSHEET_MAX_EXPANDED_BYTES) return done(tooLarge(`more than ${SPREADSHEET_MAX_EXPANDED_BYTES} bytes inflated`));
        done(null, chunk);
      },
    });
    const source = entry.stream();
    opened.push(source, counter);
    pipeline(source, counter, () => undefined);
    return counter;
  };
  const part = async (name: string, read: (stream: Readable) => Promise<unknown>) => {
    const entry = entries.get(name);
    if (entry) await read(counted(entry));
  };

  const collect = rowCollector(maxRows);
  try {
    await part('xl/_rels/workbook.xml.rels', (s) => parts._parseRels(s));
    await part('xl/workbook.xml', (s) => parts._parseWorkbook(s));
    await part('xl/sharedStrings.xml', async (s) => {
      for await (const _ of parts._parseSharedStrings(s));
    });
    await part('xl/styles.xml', (s) => parts._parseStyles(s));
    const sheet = firstSheetPath(parts, entries);
    if (!sheet) throw unreadable('it has no sheet');
    if (entries.get(sheet)!.uncompressedSize > SPREADSHEET_MAX_EXPANDED_BYTES) throw tooLarge(`its sheet declares ${entries.get(sheet)!.uncompressedSize} bytes`);
    const sheetNo = /(\d+)\.xml$/.exec(sheet)?.[1] ?? '1';
    const emitted = parts._parseWorksheet(counted(entries.get(sheet)!), sheetNo).next();
    if (emitted.done) throw unreadable('it has no sheet');
    for await (const row of emitted.value.value) {
      if (!row.hasValues) continue;
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell);
      });
      collect.add(row.number, cells);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable((error as Error).message);
  } finally {
    for (const stream of opened) stream.destroy();
  }
  return collect.result();
}

/**
 * Reads the first sheet of a received spreadsheet, streamed, never whole in memory: an xlsx by exceljs's streaming
 * reader within a bound of inflated bytes, a csv line by line (every cell kept as text so a number keeps its digits).
 * Past `maxRows` rows it stops with ERR_SPREADSHEET_TOO_MANY_ROWS. The old binary .xls is refused: no maintained
 * reader of it is on npm (decision 0024).
 */
export async function readSpreadsheet(upload: { path: string; mime: string }, maxRows: number): Promise<SheetRows> {
  if (upload.mime === 'application/x-cfb') throw new AppError('ERR_SPREADSHEET_XLS', 400, 'Old .xls spreadsheets are not read: save it as .xlsx or .csv');
  const sheet = upload.mime === 'text/csv' ? await readCsv(upload.path, maxRows) : await readXlsx(upload.path, maxRows);
  if (sheet.header.length === 0 && sheet.rows.length === 0) throw unreadable('it has no rows');
  return sheet;
}

/** A header cell as a word to look up: lower case, accents and everything but letters taken away. */
export const headerWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
