import type { Knex } from 'knex';
import { CONTACT_COUNT_CAP, type Contact, type ContactDetails, type ContactImport, type ContactPage } from '@atendo/contracts';
import { prepared } from '../prepared.js';
import { Params, contactMatchSql, matchingContactIds } from '../search.js';
import type { ContactRow } from '../tickets/rows.js';

export const CONTACTS_PAGE_SIZE = 20;

/** What a contacts page reads of each contact: what it shows, and its name as the name index orders it. */
const PAGE_COLUMNS = 'id, name, number, email, profile_pic_url, is_group, lower(name) AS name_key';
type PageRow = ContactRow & { name_key: string };

/** A page's `next`: its last contact's id and name as the name index holds it (lower case). */
const writeContactCursor = (row: PageRow) => `${Number(row.id)}_${row.name_key}`;

function readContactCursor(cursor: string): { id: number; key: string } | null {
  const m = /^(\d{1,15})_([\s\S]*)$/.exec(cursor);
  return m ? { id: Number(m[1]), key: m[2]! } : null;
}

/** The page `rows` hold (a row beyond CONTACTS_PAGE_SIZE left out), with its count and, when more follow, its `next`. */
function pageOf(rows: PageRow[], count: number, hasMore: boolean): ContactPage {
  const shown = rows.slice(0, CONTACTS_PAGE_SIZE);
  const last = shown[shown.length - 1];
  return { contacts: shown.map(toContact), count, hasMore, ...(hasMore && last ? { next: writeContactCursor(last) } : {}) };
}

const toContact = (r: Pick<ContactRow, 'id' | 'name' | 'number' | 'email' | 'profile_pic_url' | 'is_group'>): Contact => ({
  id: Number(r.id),
  name: r.name,
  number: r.number,
  email: r.email,
  profilePicUrl: r.profile_pic_url,
  isGroup: r.is_group,
});

interface ImportRow {
  id: string;
  status: ContactImport['status'];
  total: number;
  done: number;
  imported: number;
  rejected: ContactImport['rejected'];
}

export class ContactQueries {
  constructor(private readonly knex: Knex) {}

  /**
   * A page of the company's contacts whose name or number holds `search`, by name. % and _ match themselves. Written
   * as SQL and run as a prepared statement, like the ticket lists. After `cursor` (a page's `next`), the page after
   * that one, read along the name index rather than skipped to; else page `pageNumber`.
   */
  async page(companyId: number, search: string, pageNumber: number, cursor?: string): Promise<ContactPage> {
    // A search's matches are read first (by the search indexes), then paged by id; the whole list walks the name index.
    const ids = search.trim() ? await matchingContactIds(this.knex, companyId, search) : undefined;
    if (ids) return this.pageOfIds(companyId, ids, pageNumber, cursor);
    const p = new Params();
    const company = p.add(companyId);
    const after = cursor ? readContactCursor(cursor) : null;
    const from = after ? ` AND (lower(name), id) > (${p.add(after.key)}, ${p.add(after.id)}::bigint)` : '';
    const skip = !after && pageNumber > 1 ? ` OFFSET ${p.add((pageNumber - 1) * CONTACTS_PAGE_SIZE)}` : '';
    if (ids === null) return this.pageOfMany(p, company, search, from, skip);
    // Counted up to a cap along the name index (like the ticket lists): CONTACT_COUNT_CAP + 1 means more. One more
    // row than a page says whether there is a next one, without counting.
    const rows = await prepared<PageRow & { total: number }>(
      this.knex,
      `SELECT ${PAGE_COLUMNS},
         (SELECT count(*) FROM (SELECT 1 FROM contacts WHERE company_id = ${company} ORDER BY lower(name), id LIMIT ${CONTACT_COUNT_CAP + 1}) capped) AS total
       FROM contacts WHERE company_id = ${company}${from} ORDER BY lower(name), id LIMIT ${CONTACTS_PAGE_SIZE + 1}${skip}`,
      p.values,
      { generic: true },
    );
    // A page past the end has no row to carry the count: it is asked alone.
    const count = rows.length
      ? Number(rows[0]!.total)
      : pageNumber === 1 && !after
        ? 0
        : Number((await prepared<{ n: number }>(this.knex, `SELECT count(*) AS n FROM (SELECT 1 FROM contacts WHERE company_id = $1 LIMIT ${CONTACT_COUNT_CAP + 1}) capped`, [companyId], { generic: true }))[0]!.n);
    return pageOf(rows, count, rows.length > CONTACTS_PAGE_SIZE);
  }

  /**
   * A page of a search that matches more contacts than an array should carry (a word most names hold): more than
   * SEARCH_IDS_CAP, so counted as "more" without counting. Its matches (after the cursor) are read by their search
   * indexes, then sorted for the page: walking the name index and testing each name instead would read every name
   * before the matches ("joao" among a million, after every "ana" and "carlos": seconds). The plan is made for the
   * typed values.
   */
  private async pageOfMany(p: Params, company: string, search: string, from: string, skip: string): Promise<ContactPage> {
    const rows = await prepared<PageRow>(
      this.knex,
      `WITH matching AS MATERIALIZED (
         SELECT ${PAGE_COLUMNS} FROM contacts WHERE company_id = ${company} AND ${contactMatchSql(p, search, { numberAnywhere: true })}${from})
       SELECT * FROM matching ORDER BY name_key, id LIMIT ${CONTACTS_PAGE_SIZE + 1}${skip}`,
      p.values,
    );
    return pageOf(rows, CONTACT_COUNT_CAP + 1, rows.length > CONTACTS_PAGE_SIZE);
  }

  /**
   * A page of a search's matches, whose ids come in the page's order (by name): only the page's own rows are read,
   * and the matches are counted by their ids. After the cursor's contact when it is still among them, else page
   * `pageNumber`.
   */
  private async pageOfIds(companyId: number, ids: number[], pageNumber: number, cursor: string | undefined): Promise<ContactPage> {
    const after = cursor ? ids.indexOf(readContactCursor(cursor)?.id ?? 0) : -1;
    const from = after >= 0 ? after + 1 : (pageNumber - 1) * CONTACTS_PAGE_SIZE;
    const onPage = ids.slice(from, from + CONTACTS_PAGE_SIZE);
    const rows = onPage.length
      ? await prepared<PageRow>(this.knex, `SELECT ${PAGE_COLUMNS} FROM contacts WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY lower(name), id`, [companyId, onPage], {
          generic: true,
        })
      : [];
    return pageOf(rows, Math.min(ids.length, CONTACT_COUNT_CAP + 1), ids.length > from + CONTACTS_PAGE_SIZE);
  }

  /** One contact of the company, with its extra information and its stream. */
  async contact(companyId: number, id: number): Promise<(ContactDetails & { streamId: string }) | null> {
    const row = (await this.knex('contacts').where({ company_id: companyId, id }).first()) as ContactRow | undefined;
    return row ? { ...toContact(row), extraInfo: row.extra_info ?? [], streamId: row.stream_id } : null;
  }

  /** Every contact of the company by name, read in chunks (a cursor): for the CSV export, whatever its size. */
  async *all(companyId: number, chunk = 1_000): AsyncGenerator<Pick<Contact, 'name' | 'number' | 'email'>> {
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const query = this.knex('contacts').where({ company_id: companyId }).select('id', 'name', 'number', 'email').orderByRaw('lower(name), id').limit(chunk);
      if (after) query.whereRaw('(lower(name), id) > (lower(?), ?)', [after.name, after.id]);
      const rows = (await query) as Array<Pick<ContactRow, 'id' | 'name' | 'number' | 'email'>>;
      for (const r of rows) yield { name: r.name, number: r.number, email: r.email };
      if (rows.length < chunk) return;
      const last = rows[rows.length - 1]!;
      after = { name: last.name, id: Number(last.id) };
    }
  }

  /** An import of the company's, as far as it got. */
  async import(companyId: number, id: string): Promise<ContactImport | null> {
    const row = (await this.knex('contact_imports').where({ company_id: companyId, id }).first('id', 'status', 'total', 'done', 'imported', 'rejected')) as ImportRow | undefined;
    return row ? { id: row.id, status: row.status, total: row.total, done: row.done, imported: row.imported, rejected: row.rejected } : null;
  }
}

/** Imports of spreadsheets as they go: the API process running one writes its progress; any process answers it. */
export class ContactImports {
  constructor(private readonly knex: Knex) {}

  async start(job: { id: string; companyId: number; userId: number; total: number }): Promise<void> {
    await this.knex('contact_imports').insert({ id: job.id, company_id: job.companyId, user_id: job.userId, status: 'running', total: job.total });
  }

  async progress(id: string, state: Pick<ContactImport, 'status' | 'done' | 'imported' | 'rejected'>): Promise<void> {
    await this.knex('contact_imports')
      .where({ id })
      .update({ status: state.status, done: state.done, imported: state.imported, rejected: JSON.stringify(state.rejected), updated_at: this.knex.fn.now() });
  }
}
