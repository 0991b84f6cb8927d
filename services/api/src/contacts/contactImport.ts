import type { ContactImport, ContactImportRejection, Position } from '@atendo/contracts';
import { comparePositions, contactNumber, contactSchema } from '@atendo/contracts';
import { contactStream, type ContactStreamService } from '@atendo/core';
import { AppError, type IdAllocator } from '@atendo/platform';
import type { ContactImports } from '@atendo/read';
import { ValidationError } from 'yup';
import { headerWord, type SheetRows } from './spreadsheet.js';

/** Header words (lower case, no accents, letters only) that name the columns an import reads. */
const COLUMNS = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['number', 'numero', 'telefone', 'telefono', 'phone', 'celular', 'whatsapp', 'fone', 'tel'],
  email: ['email', 'mail', 'correo', 'correoelectronico'],
};

/** Where the name, number and email are, by the header; every other named column becomes extra information. */
export function importColumns(header: string[]) {
  const words = header.map(headerWord);
  const find = (names: string[]) => words.findIndex((w) => names.includes(w));
  const number = find(COLUMNS.number);
  if (number < 0) throw new AppError('ERR_SPREADSHEET_NO_NUMBER', 400, `No number column in the first row (${header.filter(Boolean).join(', ') || 'empty'}): name one number, numero or telefone`);
  const name = find(COLUMNS.name);
  const email = find(COLUMNS.email);
  const extra = header.map((label, i) => ({ label: label.slice(0, 100), i })).filter(({ label, i }) => label !== '' && ![number, name, email].includes(i));
  return { name, number, email, extra };
}

/** A cell our export protected from spreadsheet formulas ('=…) reads as it was. */
const unprotected = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

interface Candidate {
  row: number;
  number: string;
  name: string;
  email: string;
  extraInfo: Array<{ name: string; value: string }>;
}

const REASON_BY_FIELD: Record<string, ContactImportRejection> = { number: 'invalidNumber', email: 'invalidEmail', name: 'nameTooLong' };

/**
 * Each row as a new contact, or why not: checked by the schema POST /contacts uses, a number seen earlier in the file
 * is `duplicatedInFile`. What is left goes to the contacts' streams, which refuse a number that has a contact.
 */
export function classifyRows(sheet: SheetRows): { candidates: Candidate[]; rejected: ContactImport['rejected'] } {
  const columns = importColumns(sheet.header);
  const at = (cells: string[], i: number) => (i < 0 ? '' : unprotected(cells[i] ?? ''));
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  const rejected: ContactImport['rejected'] = [];
  for (const { row, cells } of sheet.rows) {
    const raw = at(cells, columns.number);
    try {
      const valid = contactSchema.validateSync(
        {
          name: at(cells, columns.name) || raw,
          number: raw,
          email: at(cells, columns.email),
          extraInfo: columns.extra.map(({ label, i }) => ({ name: label, value: at(cells, i) })).filter((x) => x.value !== ''),
        },
        { abortEarly: true, stripUnknown: true },
      );
      const number = contactNumber(raw)!;
      if (seen.has(number)) {
        rejected.push({ row, reason: 'duplicatedInFile', value: raw });
        continue;
      }
      seen.add(number);
      candidates.push({ row, number, name: valid.name, email: valid.email, extraInfo: valid.extraInfo as Candidate['extraInfo'] });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const field = (error.path ?? '').split(/[.[]/)[0]!;
      rejected.push({ row, reason: REASON_BY_FIELD[field] ?? 'failed', value: raw });
    }
  }
  return { candidates, rejected };
}

export interface ImportDeps {
  conversations: ContactStreamService;
  ids: IdAllocator;
  imports: ContactImports;
  readYourWrites(position: Position | undefined): Promise<void>;
  onError(error: unknown): void;
}

/** How many contacts are created at once (each on its own stream). */
const PARALLEL = 8;
/** How often the job's progress is written for the console to poll. */
const PROGRESS_EVERY_MS = 300;

/**
 * Creates the candidates' contacts, writing the job's progress as it goes; the report lists every rejected row by its
 * row number. Runs after the request has answered: the console polls `GET /contacts/import/:jobId`.
 */
export async function runImport(
  job: { id: string; companyId: number; userId: number },
  { candidates, rejected: early }: ReturnType<typeof classifyRows>,
  deps: ImportDeps,
): Promise<ContactImport> {
  const rejected = [...early];
  let done = early.length;
  let imported = 0;
  let last: Position | undefined;
  let written = Date.now();
  const report = (status: ContactImport['status']) => ({ status, done, imported, rejected: [...rejected].sort((a, b) => a.row - b.row) });
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const c = candidates[next++]!;
      try {
        const contactId = await deps.ids.next('contact');
        const result = await deps.conversations.execute(
          contactStream(job.companyId, c.number),
          { type: 'CreateContact', contactId, number: c.number, name: c.name, email: c.email, extraInfo: c.extraInfo },
          { actor: { type: 'user', userId: job.userId } },
        );
        imported++;
        if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
      } catch (error) {
        const duplicated = error instanceof AppError && error.code === 'ERR_DUPLICATED_CONTACT';
        if (!duplicated) deps.onError(error);
        rejected.push({ row: c.row, reason: duplicated ? 'duplicated' : 'failed', value: c.number });
      }
      done++;
      if (Date.now() - written >= PROGRESS_EVERY_MS) {
        written = Date.now();
        await deps.imports.progress(job.id, report('running'));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await deps.readYourWrites(last);
    const final = report('done');
    await deps.imports.progress(job.id, final);
    return { id: job.id, total: candidates.length + early.length, ...final };
  } catch (error) {
    deps.onError(error);
    const failed = report('failed');
    await deps.imports.progress(job.id, failed).catch(deps.onError);
    return { id: job.id, total: candidates.length + early.length, ...failed };
  }
}
