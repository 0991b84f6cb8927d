import type { Knex } from 'knex';
import { CONTACT_LISTS_PAGE_SIZE, contactListItemNumber, type ContactList, type ContactListItem, type ContactListItemPage, type ContactListPage } from '@atendo/contracts';

interface ListRow {
  id: string | number;
  name: string;
  contacts_count: string | number;
}

interface ItemRow {
  id: string | number;
  company_id: string | number;
  contact_list_id: string | number;
  name: string;
  number: string;
  email: string;
  is_whatsapp_valid: boolean | null;
}

const toList = (r: ListRow): ContactList => ({ id: Number(r.id), name: r.name, contactsCount: Number(r.contacts_count) });

const toItem = (r: ItemRow): ContactListItem => ({
  id: Number(r.id),
  name: r.name,
  number: r.number,
  email: r.email,
  isWhatsappValid: r.is_whatsapp_valid,
  companyId: Number(r.company_id),
  contactListId: Number(r.contact_list_id),
});

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One more row than a page says whether there is a next one, without counting. */
const paged = <R, T>(rows: R[], map: (r: R) => T) => ({ rows: rows.slice(0, CONTACT_LISTS_PAGE_SIZE).map(map), hasMore: rows.length > CONTACT_LISTS_PAGE_SIZE });

export class ContactListQueries {
  constructor(private readonly knex: Knex) {}

  /** The company's lists, each with how many items it holds. */
  private lists(companyId: number) {
    return this.knex('contact_lists as l')
      .where('l.company_id', companyId)
      .select('l.id', 'l.name', this.knex.raw('(SELECT count(*) FROM contact_list_items i WHERE i.contact_list_id = l.id) AS contacts_count'));
  }

  async find(companyId: number, id: number): Promise<ContactList | undefined> {
    const row = (await this.lists(companyId).where('l.id', id).first()) as ListRow | undefined;
    return row ? toList(row) : undefined;
  }

  /** A page of the company's lists by name; `searchParam` matches the name, whatever the case. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<ContactListPage> {
    const query = this.lists(companyId);
    if (searchParam) query.whereRaw('lower(l.name) LIKE ?', [likeTerm(searchParam.toLowerCase())]);
    const rows = (await query.orderByRaw('lower(l.name), l.id').offset((pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE).limit(CONTACT_LISTS_PAGE_SIZE + 1)) as ListRow[];
    const { rows: records, hasMore } = paged(rows, toList);
    return { records, hasMore };
  }

  /** Every list of the company by name (the campaign form's select). */
  async all(companyId: number): Promise<ContactList[]> {
    return ((await this.lists(companyId).orderByRaw('lower(l.name), l.id')) as ListRow[]).map(toList);
  }

  async findItem(companyId: number, id: number): Promise<ContactListItem | undefined> {
    const row = (await this.knex('contact_list_items').where({ company_id: companyId, id }).first()) as ItemRow | undefined;
    return row ? toItem(row) : undefined;
  }

  /** A page of one list's items by name; `searchParam` matches the name (any case) or, by its digits, the number. */
  async itemPage(companyId: number, contactListId: number, searchParam: string, pageNumber: number): Promise<ContactListItemPage> {
    const query = this.knex('contact_list_items').where({ company_id: companyId, contact_list_id: contactListId });
    if (searchParam) {
      const digits = contactListItemNumber(searchParam);
      query.where((w) => {
        w.whereRaw('lower(name) LIKE ?', [likeTerm(searchParam.toLowerCase())]);
        if (digits) w.orWhereRaw('number LIKE ?', [likeTerm(digits)]);
      });
    }
    const rows = (await query.orderByRaw('lower(name), id').offset((pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE).limit(CONTACT_LISTS_PAGE_SIZE + 1)) as ItemRow[];
    const { rows: contacts, hasMore } = paged(rows, toItem);
    return { contacts, hasMore };
  }

  /** Every item of a list, as much as deleting them needs. */
  async itemKeys(companyId: number, contactListId: number): Promise<Array<{ id: number; contactListId: number; number: string }>> {
    const rows = (await this.knex('contact_list_items').where({ company_id: companyId, contact_list_id: contactListId }).orderBy('id').select('id', 'contact_list_id', 'number')) as ItemRow[];
    return rows.map((r) => ({ id: Number(r.id), contactListId: Number(r.contact_list_id), number: r.number }));
  }

  /** Companies with items whose number WhatsApp has not judged yet. */
  async companiesWithUncheckedNumbers(): Promise<number[]> {
    const rows = (await this.knex.raw('SELECT DISTINCT company_id FROM contact_list_items WHERE is_whatsapp_valid IS NULL')) as { rows: Array<{ company_id: string | number }> };
    return rows.rows.map((r) => Number(r.company_id));
  }

  /** A company's items whose number WhatsApp has not judged yet, oldest first, but those (item and number) set aside. */
  async uncheckedItems(companyId: number, limit: number, except: ReadonlyArray<{ id: number; number: string }> = []): Promise<Array<{ id: number; number: string }>> {
    const query = this.knex('contact_list_items').where({ company_id: companyId }).whereNull('is_whatsapp_valid');
    if (except.length) query.whereNotIn(['id', 'number'], except.map((e) => [e.id, e.number]));
    const rows = (await query.orderBy('id').limit(limit).select('id', 'number')) as Array<{ id: string | number; number: string }>;
    return rows.map((r) => ({ id: Number(r.id), number: r.number }));
  }
}
