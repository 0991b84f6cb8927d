import type { Knex } from 'knex';
import type { QuickMessage, QuickMessagePage } from '@atendo/contracts';

export const QUICK_MESSAGES_PAGE_SIZE = 20;

type Row = {
  id: string | number; company_id: string | number; user_id: string | number; shortcode: string; message: string; geral: boolean;
  media_path: string | null; media_name: string | null; created_at: Date; updated_at: Date;
};

const toQuickMessage = (r: Row): QuickMessage => ({
  id: Number(r.id),
  shortcode: r.shortcode,
  message: r.message,
  geral: r.geral,
  userId: Number(r.user_id),
  isMedia: r.media_path !== null,
  mediaPath: r.media_path,
  mediaName: r.media_name,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** `%` and `_` typed by a user are themselves, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class QuickMessageQueries {
  constructor(private readonly knex: Knex) {}

  /** What `userId` may use: the company's general ones and their own. */
  private usable(companyId: number, userId: number) {
    return this.knex('quick_messages').where({ company_id: companyId }).where((q) => q.where({ geral: true }).orWhere({ user_id: userId }));
  }

  async find(companyId: number, id: number): Promise<QuickMessage | undefined> {
    const row = (await this.knex('quick_messages').where({ company_id: companyId, id }).first()) as Row | undefined;
    return row ? toQuickMessage(row) : undefined;
  }

  /** A page, by shortcode; `searchParam` matches the shortcode or the text, whatever the case. */
  async page(companyId: number, userId: number, searchParam: string, pageNumber: number): Promise<QuickMessagePage> {
    let q = this.usable(companyId, userId);
    if (searchParam) {
      const like = `%${literal(searchParam.toLowerCase())}%`;
      q = q.where((w) => w.whereRaw('lower(shortcode) LIKE ?', [like]).orWhereRaw('lower(message) LIKE ?', [like]));
    }
    // One more than a page says whether there is a next one, without counting.
    const rows = (await q.orderBy([{ column: 'shortcode' }, { column: 'id' }]).offset((pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE).limit(QUICK_MESSAGES_PAGE_SIZE + 1)) as Row[];
    return { records: rows.slice(0, QUICK_MESSAGES_PAGE_SIZE).map(toQuickMessage), hasMore: rows.length > QUICK_MESSAGES_PAGE_SIZE };
  }

  /** Every one the user may use, by shortcode (the message input's suggestions). */
  async list(companyId: number, userId: number): Promise<QuickMessage[]> {
    const rows = (await this.usable(companyId, userId).orderBy([{ column: 'shortcode' }, { column: 'id' }]).limit(1000)) as Row[];
    return rows.map(toQuickMessage);
  }
}
