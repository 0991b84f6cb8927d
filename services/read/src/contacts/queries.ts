import type { Knex } from 'knex';
import { CONTACT_COUNT_CAP, type Contact, type ContactDetails, type ContactImport, type ContactPage } from '@atendo/contracts';
import { matchingContactIds, orContactMatches } from '../search.js';
import type { ContactRow } from '../tickets/rows.js';

export const CONTACTS_PAGE_SIZE = 20;

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

  /** A page of the company's contacts whose name or number holds `search`, by name. % and _ match themselves. */
  async page(companyId: number, search: string, pageNumber: number): Promise<ContactPage> {
    const searched = (options = { numberAnywhere: true }) => this.knex('contacts').where({ company_id: companyId }).where((w) => orContactMatches(w, search, options));
    // A search's matches are read first (by the search indexes), then paged by id; the whole list walks the name index.
    const ids = search.trim() ? await matchingContactIds(searched, search) : undefined;
    const matching = () => {
      const q = this.knex('contacts').where({ company_id: companyId });
      if (ids) return q.whereRaw('id = ANY(?::bigint[])', [ids]);
      return ids === null ? searched() : q;
    };
    // Counted up to a cap along the name index (like the ticket lists): CONTACT_COUNT_CAP + 1 means more.
    const [{ count }] = (await this.knex
      .from(matching().select(this.knex.raw('1')).orderByRaw('lower(name), id').limit(CONTACT_COUNT_CAP + 1).as('capped'))
      .count<{ count: string }[]>('* as count')) as [{ count: string }];
    // One more than a page says whether there is a next one, without counting.
    const rows = (await matching()
      .select('id', 'name', 'number', 'email', 'profile_pic_url', 'is_group')
      .orderByRaw('lower(name), id')
      .limit(CONTACTS_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * CONTACTS_PAGE_SIZE)) as ContactRow[];
    return { contacts: rows.slice(0, CONTACTS_PAGE_SIZE).map(toContact), count: Number(count), hasMore: rows.length > CONTACTS_PAGE_SIZE };
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
