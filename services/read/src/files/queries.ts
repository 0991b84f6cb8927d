import type { Knex } from 'knex';
import { FILE_LISTS_PAGE_SIZE, type FileList, type FileListMediaType, type FileListOption, type FileListPage, type FileListSummary } from '@atendo/contracts';

interface ListRow {
  id: string | number;
  name: string;
  message: string;
  options_count: string | number;
}

interface OptionRow {
  id: string | number;
  file_list_id: string | number;
  name: string;
  path: string | null;
  media_type: string | null;
  mime: string | null;
  file_name: string | null;
}

const toSummary = (r: ListRow): FileListSummary => ({ id: Number(r.id), name: r.name, message: r.message, optionsCount: Number(r.options_count) });

const toOption = (r: OptionRow): FileListOption => ({
  id: Number(r.id),
  name: r.name,
  path: r.path,
  mediaType: r.media_type as FileListMediaType | null,
  mime: r.mime,
  fileName: r.file_name,
});

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class FileListQueries {
  constructor(private readonly knex: Knex) {}

  /** The company's lists, each with how many options it has. */
  private summaries(companyId: number) {
    return this.knex('file_lists as l')
      .where('l.company_id', companyId)
      .select('l.id', 'l.name', 'l.message', this.knex.raw('(SELECT count(*) FROM file_list_options o WHERE o.file_list_id = l.id) AS options_count'));
  }

  async summary(companyId: number, id: number): Promise<FileListSummary | undefined> {
    const row = (await this.summaries(companyId).where('l.id', id).first()) as ListRow | undefined;
    return row ? toSummary(row) : undefined;
  }

  /** One list with its options in the order they were added; another company's is not there. */
  async find(companyId: number, id: number): Promise<FileList | undefined> {
    const row = (await this.knex('file_lists').where({ company_id: companyId, id }).first('id', 'name', 'message')) as ListRow | undefined;
    if (!row) return undefined;
    const options = (await this.knex('file_list_options').where({ company_id: companyId, file_list_id: id }).orderBy('id')) as OptionRow[];
    return { id: Number(row.id), name: row.name, message: row.message, options: options.map(toOption) };
  }

  /**
   * What a campaign with this `fileListId` sends after its own message: the list's message, then each option's file
   * (options without a file yet have `path` null and are skipped by the sender). Undefined when the list was deleted:
   * the campaign then sends nothing of it (decision 0031).
   */
  fileListWithOptions(companyId: number, id: number): Promise<FileList | undefined> {
    return this.find(companyId, id);
  }

  /** A page of the company's lists by name; `searchParam` matches the name, whatever the case. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<FileListPage> {
    const query = this.summaries(companyId);
    if (searchParam) query.whereRaw('lower(l.name) LIKE ?', [likeTerm(searchParam.toLowerCase())]);
    const rows = (await query.orderByRaw('lower(l.name), l.id').offset((pageNumber - 1) * FILE_LISTS_PAGE_SIZE).limit(FILE_LISTS_PAGE_SIZE + 1)) as ListRow[];
    return { files: rows.slice(0, FILE_LISTS_PAGE_SIZE).map(toSummary), hasMore: rows.length > FILE_LISTS_PAGE_SIZE };
  }

  /** Every list of the company by name (the campaign form's select). */
  async all(companyId: number): Promise<FileListSummary[]> {
    return ((await this.summaries(companyId).orderByRaw('lower(l.name), l.id')) as ListRow[]).map(toSummary);
  }
}
