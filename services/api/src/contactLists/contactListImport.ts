import type ExcelJS from 'exceljs';
import { ValidationError } from 'yup';
import {
  CONTACT_LIST_ITEM_NUMBER_MIN,
  comparePositions,
  contactListItemNumber,
  contactListItemSchema,
  type ContactListImportReport,
  type ContactListImportRow,
  type Position,
} from '@atendo/contracts';
import { createContactListItem, type CommandContext } from '@atendo/core';
import { AppError, type EventStore, type IdAllocator } from '@atendo/platform';
import { headerWord, type SheetRows } from '../contacts/spreadsheet.js';

/** Header words (lower case, no accents, letters only) naming the columns an import reads, in pt, en and es. */
const COLUMNS = {
  name: ['nome', 'name', 'nombre'],
  number: ['numero', 'number', 'phone', 'telefone', 'telefono', 'celular', 'whatsapp'],
  email: ['email', 'mail', 'correo', 'correoelectronico'],
};

/** Where the name, number and e-mail are, by the header's words; a name and a number column are required. */
export function itemColumns(header: string[]): { name: number; number: number; email: number } {
  const words = header.map(headerWord);
  const find = (names: string[]) => words.findIndex((w) => names.includes(w));
  const columns = { name: find(COLUMNS.name), number: find(COLUMNS.number), email: find(COLUMNS.email) };
  if (columns.name < 0 || columns.number < 0) {
    throw new AppError(
      'ERR_CONTACT_LIST_SPREADSHEET_COLUMNS',
      400,
      `The first row must name a name and a number column (nome/name/nombre, numero/number/telefone); it has: ${header.filter(Boolean).join(', ') || 'nothing'}`,
    );
  }
  return columns;
}

/** A row checked and ready to become an item, or the report of why not. */
type Classified = { row: number; name: string; number: string; email: string } | ContactListImportRow;

/**
 * Each row checked by the schema `POST /contact-list-items` uses (and, like it, a number needs 8 digits); a number seen
 * in an earlier row of the file is a duplicate, as it would be once that row is in the list.
 */
export function classifyItemRows(sheet: SheetRows, contactListId: number): Classified[] {
  const columns = itemColumns(sheet.header);
  if (!sheet.rows.length) throw new AppError('ERR_CONTACT_LIST_SPREADSHEET_EMPTY', 400, 'The spreadsheet has no row under its header');
  const at = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? ''));
  const seen = new Set<string>();
  return sheet.rows.map(({ row, cells }): Classified => {
    const raw = { name: at(cells, columns.name), number: at(cells, columns.number), email: at(cells, columns.email) };
    const shown = { row, name: raw.name.slice(0, 100), number: raw.number.slice(0, 100) };
    let valid: { name: string; number: string; email: string };
    try {
      valid = contactListItemSchema.validateSync({ contactListId, ...raw }, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const details = error.inner.map((e) => {
        const params = pickParams(e.params ?? {});
        return { path: e.path ?? '', message: e.message, ...(Object.keys(params).length ? { params } : {}) };
      });
      return { ...shown, outcome: 'invalid', code: 'ERR_VALIDATION', details };
    }
    const number = contactListItemNumber(valid.number);
    if (number.length < CONTACT_LIST_ITEM_NUMBER_MIN) {
      return { ...shown, outcome: 'invalid', code: 'ERR_VALIDATION', details: [{ path: 'number', message: 'validation.tooShort', params: { min: CONTACT_LIST_ITEM_NUMBER_MIN } }] };
    }
    if (seen.has(number)) return { ...shown, outcome: 'duplicate', code: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' };
    seen.add(number);
    return { row, name: valid.name, number, email: valid.email };
  });
}

/** The figures a rule speaks of (min, max), without yup's own bookkeeping (the value, the path). */
function pickParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => key === 'min' || key === 'max'));
}

/** Items created at once: enough to overlap the appends, few enough to leave room for others. */
const PARALLEL = 8;

/**
 * Creates an item of each checked row (each claims its number in the list: a number already there is reported as a
 * duplicate, not a failure of the file) and answers the report, by row, with the position of the last write.
 */
export async function importItems(
  classified: Classified[],
  target: { companyId: number; contactListId: number },
  deps: { store: EventStore; ids: IdAllocator; context: CommandContext },
): Promise<{ report: ContactListImportReport; position: Position | undefined }> {
  const rows: ContactListImportRow[] = [];
  const pending = classified.filter((c): c is Exclude<Classified, ContactListImportRow> => !('outcome' in c));
  for (const c of classified) if ('outcome' in c) rows.push(c);
  let last: Position | undefined;
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const c = pending[next++]!;
      const shown = { row: c.row, name: c.name, number: c.number };
      const id = await deps.ids.next('contactListItem');
      try {
        const result = await createContactListItem(
          deps.store,
          id,
          { companyId: target.companyId, contactListId: target.contactListId, name: c.name, number: c.number, email: c.email, isWhatsappValid: null },
          deps.context,
        );
        if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
        rows.push({ ...shown, outcome: 'added', itemId: id });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS')) throw error;
        rows.push({ ...shown, outcome: 'duplicate', code: error.code });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  rows.sort((a, b) => a.row - b.row);
  const count = (outcome: ContactListImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  return {
    report: { contactListId: target.contactListId, total: rows.length, added: count('added'), duplicates: count('duplicate'), invalid: count('invalid'), rows },
    position: last,
  };
}

/** The example an admin downloads: the header the import reads and one row (spec: "download example spreadsheet"). */
export async function exampleSpreadsheet(): Promise<Buffer> {
  // Loaded when a spreadsheet is read or written, not with the API (it is a large library).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Atendo';
  const sheet = workbook.addWorksheet('contacts');
  sheet.columns = [
    { header: 'name', key: 'name', width: 30 },
    { header: 'number', key: 'number', width: 22 },
    { header: 'email', key: 'email', width: 32 },
  ];
  // The number as text: a spreadsheet program would otherwise show a long number in scientific notation.
  sheet.getColumn('number').numFmt = '@';
  sheet.addRow({ name: 'Maria Silva', number: '5511999999999', email: 'maria@example.com' });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
