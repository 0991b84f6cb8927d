import type { Knex } from 'knex';
import type { Announcement, AnnouncementPage } from '@atendo/contracts';

export const ANNOUNCEMENTS_PAGE_SIZE = 20;

interface AnnouncementRow {
  id: string | number;
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  status: boolean;
  media_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  id: Number(r.id),
  title: r.title,
  text: r.text,
  priority: r.priority,
  status: r.status,
  mediaPath: r.media_name ? `/announcements/${r.id}/media` : null,
  mediaName: r.media_name,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export class AnnouncementQueries {
  constructor(private readonly knex: Knex) {}

  /** A page by priority then newest; `activeOnly` for everyone but the super users who keep them. */
  async page(search: string, pageNumber: number, activeOnly: boolean): Promise<AnnouncementPage> {
    const like = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matching = this.knex('announcements').modify((q) => {
      if (activeOnly) q.where({ status: true });
      if (search.trim()) q.where((w) => w.whereRaw('lower(title) LIKE ?', [like]).orWhereRaw('lower(text) LIKE ?', [like]));
    });
    const [{ count }] = (await matching.clone().count<{ count: string }[]>('* as count')) as [{ count: string }];
    const rows = (await matching
      .clone()
      .orderBy([{ column: 'status', order: 'desc' }, { column: 'priority' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(ANNOUNCEMENTS_PAGE_SIZE)
      .offset((pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE)) as AnnouncementRow[];
    const total = Number(count);
    return { records: rows.map(toAnnouncement), count: total, hasMore: pageNumber * ANNOUNCEMENTS_PAGE_SIZE < total };
  }

  async find(id: number): Promise<Announcement | null> {
    const row = (await this.knex('announcements').where({ id }).first()) as AnnouncementRow | undefined;
    return row ? toAnnouncement(row) : null;
  }

  async media(id: number): Promise<{ name: string; mime: string; bytes: Buffer } | null> {
    return ((await this.knex('announcement_media').where({ announcement_id: id }).first('name', 'mime', 'bytes')) as { name: string; mime: string; bytes: Buffer } | undefined) ?? null;
  }

  async saveMedia(id: number, media: { name: string; mime: string; bytes: Buffer }): Promise<void> {
    await this.knex('announcement_media').insert({ announcement_id: id, ...media }).onConflict('announcement_id').merge();
  }

  async removeMedia(id: number): Promise<void> {
    await this.knex('announcement_media').where({ announcement_id: id }).delete();
  }
}
