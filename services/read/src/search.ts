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
