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

/** A number's grams: the characters from each of its first GRAM_POSITIONS positions, GRAM at most and 3 at least. */
const GRAM = 5;
const GRAM_POSITIONS = 32;

/**
 * The function a number's grams index holds (CREATE OR REPLACE, for the migration): its GRAM-character pieces, one from
 * each position, and at its end the last 4 and 3 characters, as the lexemes of a tsvector. Digits anywhere in a number
 * begin one of its grams, so a search for them reads the posting lists of a few whole grams (or of the grams beginning
 * with 3 or 4 digits), not of every trigram. Written out position by position rather than by generate_series: the
 * rebuild computes it for every contact, and a set-returning function costs about three times as much. From every
 * position, not every other one: half the keys would be half the build, but a search would ask for two alignments
 * of what was typed, and cost a seventh more (decision 0026).
 */
export const NUMBER_GRAMS_FUNCTION = `CREATE OR REPLACE FUNCTION atendo_number_grams(n text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array_remove(ARRAY[${Array.from({ length: GRAM_POSITIONS }, (_, i) => `CASE WHEN length(n) > ${i + 2} THEN substr(n, ${i + 1}, ${GRAM}) END`).join(', ')}], NULL)) $$`;

/** The grams (NUMBER_GRAMS_FUNCTION) of the column or expression `sql`. */
export const numberGramsSql = (sql: string) => `atendo_number_grams(${sql})`;

/**
 * What a number's grams must hold for it to hold `digits` somewhere (a tsquery): whole grams covering them, or, for 3
 * or 4 digits, a gram beginning with them. Null for fewer than 3: nearly every number holds those.
 */
export function gramsQuery(digits: string): string | null {
  if (digits.length < 3) return null;
  if (digits.length < GRAM) return `${digits}:*`;
  const starts = new Set([...Array.from({ length: Math.ceil(digits.length / GRAM) - 1 }, (_, i) => i * GRAM), digits.length - GRAM]);
  return [...starts].map((start) => digits.slice(start, start + GRAM)).join(' & ');
}

/** The column or expression `sql` holding `digits` anywhere: read by its grams index, then checked as it is. */
function holdsDigits(p: Params, sql: string, digits: string): string {
  const like = `${sql} LIKE ${p.add(containing(digits))}`;
  const grams = gramsQuery(digits);
  return grams ? `(${numberGramsSql(sql)} @@ ${p.add(grams)}::tsquery AND ${like})` : like;
}

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
 * `numberAnywhere` holding them anywhere (the grams index: the second try when the first finds nothing); and for
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
  if (digits && numberAnywhere) ways.push(holdsDigits(p, number, digits));
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
 * The company's contacts matching typed text, as SQL selecting their `id` and `name_key` (lower(name), the contacts
 * page's order), at most SEARCH_IDS_CAP + 1: by their name's words or the beginning or the end of their numbers
 * first; when that finds none and digits were typed, by digits anywhere in their numbers (only the numbers: the
 * words found nothing). Both ways are one statement: the second runs only when the first returned no row.
 */
function contactsMatchingSql(p: Params, company: string, typed: string): string {
  const first = `SELECT id, lower(name) AS name_key FROM contacts WHERE company_id = ${company} AND ${contactMatchSql(p, typed)} LIMIT ${SEARCH_IDS_CAP + 1}`;
  const digits = phoneDigits(typed.trim());
  if (!digits) return first;
  return `WITH first AS MATERIALIZED (${first})
    SELECT id, name_key FROM first
    UNION ALL
    (SELECT id, lower(name) FROM contacts WHERE company_id = ${company} AND NOT EXISTS (SELECT FROM first) AND ${holdsDigits(p, 'number', digits)} LIMIT ${SEARCH_IDS_CAP + 1})`;
}

/**
 * The ids of the company's contacts matching typed text (contactsMatchingSql), by name as the contacts page shows
 * them, or null when there are more than SEARCH_IDS_CAP. A search reads its matches first and alone, so the search
 * indexes serve it; the page then reads its own rows by id, and the count is the number of ids, instead of the
 * planner guessing how many a word matches and walking every row to test it. One plan serves every typed text (the
 * search indexes take words, digit ranges and grams as parameters), so it runs on the generic-plan connections and
 * is not planned again for each search.
 */
export async function matchingContactIds(knex: Knex, companyId: number, typed: string): Promise<number[] | null> {
  const p = new Params();
  const text = `SELECT id FROM (${contactsMatchingSql(p, p.add(companyId), typed)}) matching ORDER BY name_key, id`;
  const rows = await prepared<{ id: string | number }>(knex, text, p.values, { generic: true });
  return rows.length > SEARCH_IDS_CAP ? null : rows.map((r) => Number(r.id));
}

/**
 * What a ticket search matches, read in one statement: the company's contacts matching typed text (as
 * matchingContactIds reads them) and its tickets whose last message holds it. Each is null when there are more than
 * SEARCH_IDS_CAP. One round trip and one turn on the list connections instead of several.
 */
export async function matchingTicketSearch(knex: Knex, companyId: number, typed: string): Promise<[contacts: number[] | null, tickets: number[] | null]> {
  const p = new Params();
  const company = p.add(companyId);
  const text = `SELECT true AS contact, id FROM (${contactsMatchingSql(p, company, typed)}) matching
    UNION ALL
    (SELECT false, id FROM tickets WHERE company_id = ${company} AND ${lastMessageMatchSql(p, typed)} LIMIT ${SEARCH_IDS_CAP + 1})`;
  const rows = await prepared<{ contact: boolean; id: string | number }>(knex, text, p.values, { generic: true });
  const contacts: number[] = [];
  const tickets: number[] = [];
  for (const r of rows) (r.contact ? contacts : tickets).push(Number(r.id));
  const capped = (ids: number[]) => (ids.length > SEARCH_IDS_CAP ? null : ids);
  return [capped(contacts), capped(tickets)];
}
