import type { Knex } from 'knex';
import { prepared } from './prepared.js';

/**
 * Text search shared by the read models: letters with the accents Portuguese and Spanish carry, and the same letters
 * without, so a search for "joao" finds "João" and one for "JOÃO" finds "joao". Applied to both sides, after lower().
 */
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñý';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucny';

/** SQL that folds `sql` (a column, or `?`) to lower case without accents. */
export const foldedSql = (sql: string) => `translate(lower(${sql}), '${ACCENTED}', '${PLAIN}')`;

/** A LIKE pattern matching text that contains `typed`, whose `%`, `_` and `\` are themselves. */
export const containing = (typed: string) => `%${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The words of a column as the word searches read them (and as their GIN indexes hold them): folded, split by
 * PostgreSQL's `simple` configuration (no stemming, no stop words), from the first 10,000 characters.
 */
export const wordsSql = (column: string) => `to_tsvector('simple', left(${foldedSql(column)}, 10000))`;

/** How many typed words a search looks for at most. */
const MAX_WORDS = 8;
const FOLD = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]!] as const));

/**
 * Typed text as a word query (`to_tsquery('simple', …)`): every word folded as foldedSql folds, the last one also as
 * the beginning of a word, since it may still be being typed ("joao conc" finds "João Conceição"). Letters and
 * digits only, so nothing typed is query syntax. Null when the text holds no word.
 */
export function wordsQuery(typed: string): string | null {
  const folded = [...typed.normalize('NFC').toLowerCase()].map((c) => FOLD.get(c) ?? c).join('');
  const words = folded.match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS);
  if (!words?.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Typed text that reads as a phone number (digits with the usual separators): matched against numbers by its digits. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** The digits of typed text that reads as a phone number, or '' when it does not. */
export const phoneDigits = (typed: string) => (PHONE_LIKE.test(typed.trim()) ? typed.replace(/\D/g, '') : '');

/**
 * Text beginning with `digits` (the column or expression `sql`), as a range of the text_pattern_ops index rather than
 * a LIKE: a plan made for any value can use the index for a range, but not for a pattern it has not seen.
 */
function beginsWith(p: Params, sql: string, digits: string): string {
  const next = digits.slice(0, -1) + String.fromCharCode(digits.charCodeAt(digits.length - 1) + 1);
  return `(${sql} ~>=~ ${p.add(digits)} AND ${sql} ~<~ ${p.add(next)})`;
}

/**
 * SQL text with numbered parameters (`$1`, `$2` …) and their values, in the order they are written: the lists asked
 * all day are written as SQL and run as prepared statements (prepared.ts), not built anew by the query builder.
 */
export class Params {
  readonly values: unknown[] = [];

  /** The placeholder of `value`, added at the end. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The ways a contact (its columns unqualified, or after `alias.`) matches typed text, as one parenthesised condition:
 * its name holding the words (the words index); its number beginning or ending with the digits of what reads as a
 * phone number (two btree indexes: the whole number, or its last digits, which is how people type one), or with
 * `numberAnywhere` holding them anywhere (the trigram index: the second try when the first finds nothing); and for
 * text with no word and no digit (punctuation, "%") a plain "contains" on the name.
 */
export function contactMatchSql(p: Params, typed: string, { numberAnywhere = false, alias = '' } = {}): string {
  const text = typed.trim();
  const words = wordsQuery(text);
  const digits = phoneDigits(text);
  const name = `${alias}name`;
  const number = `${alias}number`;
  const ways: string[] = [];
  if (words) ways.push(`${wordsSql(name)} @@ to_tsquery('simple', ${p.add(words)})`);
  if (digits && numberAnywhere) ways.push(`${number} LIKE ${p.add(containing(digits))}`);
  else if (digits) ways.push(beginsWith(p, number, digits), beginsWith(p, `reverse(${number})`, [...digits].reverse().join('')));
  if (!words && !digits) ways.push(`${foldedSql(name)} LIKE ${foldedSql(p.add(containing(text)))}`);
  return `(${ways.join(' OR ')})`;
}

/** The ticket's last message (its column after `alias.`) holding the typed words (or, with no word, the text itself). */
export function lastMessageMatchSql(p: Params, typed: string, { alias = '' } = {}): string {
  const text = typed.trim();
  const words = wordsQuery(text);
  const column = `${alias}last_message`;
  if (words) return `${wordsSql(column)} @@ to_tsquery('simple', ${p.add(words)})`;
  return `${foldedSql(column)} LIKE ${foldedSql(p.add(containing(text)))}`;
}

/** How many matches a search reads by id at most: more (a word most names hold) are read by subquery instead. */
export const SEARCH_IDS_CAP = 5000;

/**
 * The ids of `table`'s rows of the company that `match` selects, or null when there are more than SEARCH_IDS_CAP. A
 * search reads its matches first and alone, so the search indexes serve it; the list's query then takes those ids as
 * an array the planner can count, instead of guessing how many a word matches and walking every row to test it. One
 * plan serves every typed text (the search indexes take words, digit ranges and trigrams as parameters), so it runs
 * on the generic-plan connections and is not planned again for each search.
 */
async function matchingIds(knex: Knex, table: 'contacts' | 'tickets', companyId: number, match: (p: Params) => string): Promise<number[] | null> {
  const p = new Params();
  const text = `SELECT id FROM ${table} WHERE company_id = ${p.add(companyId)} AND ${match(p)} LIMIT ${SEARCH_IDS_CAP + 1}`;
  const rows = await prepared<{ id: string | number }>(knex, text, p.values, { generic: true });
  return rows.length > SEARCH_IDS_CAP ? null : rows.map((r) => Number(r.id));
}

/**
 * The company's contacts matching typed text: by the beginning or the end of their numbers first, then, when that
 * finds nothing and digits were typed, by digits anywhere. Null when there are more than SEARCH_IDS_CAP.
 */
export async function matchingContactIds(knex: Knex, companyId: number, typed: string): Promise<number[] | null> {
  const ids = await matchingIds(knex, 'contacts', companyId, (p) => contactMatchSql(p, typed));
  return ids?.length === 0 ? orDigitsAnywhere(knex, companyId, typed) : ids;
}

/** When the first ways found no contact and digits were typed: the contacts holding them anywhere (else none). */
async function orDigitsAnywhere(knex: Knex, companyId: number, typed: string): Promise<number[] | null> {
  return phoneDigits(typed) ? matchingIds(knex, 'contacts', companyId, (p) => contactMatchSql(p, typed, { numberAnywhere: true })) : [];
}

/**
 * What a ticket search matches, read in one statement: the company's contacts matching typed text (as
 * matchingContactIds reads them) and its tickets whose last message holds it. Each is null when there are more than
 * SEARCH_IDS_CAP. One round trip and one turn on the list connections instead of two side by side.
 */
export async function matchingTicketSearch(knex: Knex, companyId: number, typed: string): Promise<[contacts: number[] | null, tickets: number[] | null]> {
  const p = new Params();
  const company = p.add(companyId);
  const text = `(SELECT true AS contact, id FROM contacts WHERE company_id = ${company} AND ${contactMatchSql(p, typed)} LIMIT ${SEARCH_IDS_CAP + 1})
    UNION ALL
    (SELECT false, id FROM tickets WHERE company_id = ${company} AND ${lastMessageMatchSql(p, typed)} LIMIT ${SEARCH_IDS_CAP + 1})`;
  const rows = await prepared<{ contact: boolean; id: string | number }>(knex, text, p.values, { generic: true });
  const contacts: number[] = [];
  const tickets: number[] = [];
  for (const r of rows) (r.contact ? contacts : tickets).push(Number(r.id));
  const capped = (ids: number[]) => (ids.length > SEARCH_IDS_CAP ? null : ids);
  return [contacts.length === 0 ? await orDigitsAnywhere(knex, companyId, typed) : capped(contacts), capped(tickets)];
}
