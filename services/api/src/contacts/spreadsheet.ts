import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { AppError } from '@atendo/core';

/** A sheet's rows as text: `row` is its number in the sheet (the header is row 1). */
export interface SheetRows {
  header: string[];
  rows: Array<{ row: number; cells: string[] }>;
}

/** The mimes an import takes, recognised by content (media/mediaTypes.ts); x-cfb is the old .xls, refused with a reason. */
export const SPREADSHEET_MIMES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/x-cfb'] as const;

const unreadable = (why: string) => new AppError('ERR_INVALID_SPREADSHEET', 400, `The file could not be read as a spreadsheet: ${why}`);

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

/**
 * Reads the first sheet of a received spreadsheet (xlsx by exceljs; csv by exceljs's csv reader, every cell kept as
 * text so a number keeps its digits). The old binary .xls is refused: no maintained reader of it is on npm (decision 0024).
 */
export async function readSpreadsheet(upload: { path: string; mime: string }, maxRows: number): Promise<SheetRows> {
  if (upload.mime === 'application/x-cfb') throw new AppError('ERR_SPREADSHEET_XLS', 400, 'Old .xls spreadsheets are not read: save it as .xlsx or .csv');
  // Loaded when a spreadsheet is read or written, not with the API (it is a large library).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (upload.mime === 'text/csv') {
      const delimiter = await csvDelimiter(upload.path);
      sheet = await workbook.csv.read(createReadStream(upload.path), { map: (datum: string) => datum, parserOptions: { delimiter } } as never);
    } else {
      await workbook.xlsx.readFile(upload.path);
      sheet = workbook.worksheets[0];
    }
  } catch (error) {
    throw unreadable((error as Error).message);
  }
  if (!sheet || sheet.rowCount === 0) throw unreadable('it has no rows');
  if (sheet.rowCount > maxRows + 1) throw new AppError('ERR_SPREADSHEET_TOO_MANY_ROWS', 400, `At most ${maxRows} rows in one import; this one has ${sheet.rowCount - 1}`, { max: maxRows });
  let header: string[] | null = null;
  const rows: SheetRows['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (header === null) {
      header = cells.map((c) => c.replace(/^\uFEFF/, '').trim());
      return;
    }
    if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
  });
  return { header: header ?? [], rows };
}
