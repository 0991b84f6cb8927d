import type { Knex } from 'knex';

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

/** A LIKE pattern matching text that begins with `typed` (`%`, `_` and `\` are themselves). */
const beginning = (typed: string) => `${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Adds to `w` (inside a where group) the ways a contact matches typed text: its name holding the words (the words
 * index); its number beginning or ending with the digits of what reads as a phone number (two btree indexes: the
 * whole number, or its last digits, which is how people type one), or with `numberAnywhere` holding them anywhere
 * (the trigram index: the second try when the first finds nothing); and for text with no word and no digit
 * (punctuation, "%") a plain "contains" on the name.
 */
export function orContactMatches(w: Knex.QueryBuilder, typed: string, { numberAnywhere = false } = {}): void {
  const text = typed.trim();
  const words = wordsQuery(text);
  const digits = phoneDigits(text);
  if (words) w.orWhereRaw(`${wordsSql('name')} @@ to_tsquery('simple', ?)`, [words]);
  if (digits && numberAnywhere) w.orWhereRaw('number LIKE ?', [containing(digits)]);
  else if (digits) w.orWhereRaw('number LIKE ?', [beginning(digits)]).orWhereRaw('reverse(number) LIKE ?', [beginning([...digits].reverse().join(''))]);
  if (!words && !digits) w.orWhereRaw(`${foldedSql('name')} LIKE ${foldedSql('?')}`, [containing(text)]);
}

/**
 * The contacts `matching` (given whether numbers match anywhere) selects, read as matchingIds does: by the beginning or
 * the end of their numbers first, then, when that finds nothing and digits were typed, by digits anywhere.
 */
export async function matchingContactIds(matching: (options: { numberAnywhere: boolean }) => Knex.QueryBuilder, typed: string): Promise<number[] | null> {
  const ids = await matchingIds(matching({ numberAnywhere: false }));
  if (ids?.length === 0 && phoneDigits(typed)) return matchingIds(matching({ numberAnywhere: true }));
  return ids;
}

/** Adds to `w` the ticket's last message holding the typed words (or, with no word, the text itself). */
export function orLastMessageMatches(w: Knex.QueryBuilder, typed: string): void {
  const text = typed.trim();
  const words = wordsQuery(text);
  if (words) w.orWhereRaw(`${wordsSql('last_message')} @@ to_tsquery('simple', ?)`, [words]);
  else w.orWhereRaw(`${foldedSql('last_message')} LIKE ${foldedSql('?')}`, [containing(text)]);
}

/** How many matches a search reads by id at most: more (a word most names hold) are read by subquery instead. */
export const SEARCH_IDS_CAP = 5000;

/**
 * The ids `matching` selects (its rows' `id`), or null when there are more than SEARCH_IDS_CAP. A search reads its
 * matches first and alone, so the search indexes serve it; the list's query then takes those ids as an array the
 * planner can count, instead of guessing how many a word matches and walking every row to test it.
 */
export async function matchingIds(matching: Knex.QueryBuilder): Promise<number[] | null> {
  const rows = (await matching.select('id').limit(SEARCH_IDS_CAP + 1)) as Array<{ id: string | number }>;
  return rows.length > SEARCH_IDS_CAP ? null : rows.map((r) => Number(r.id));
}
