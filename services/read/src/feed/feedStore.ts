import type { Knex } from 'knex';
import type { Audience, FeedChannel, FeedDraft, FeedEntry } from '@atendo/contracts';

interface FeedRow {
  company_id: number;
  seq: number;
  channel: FeedChannel;
  payload: FeedEntry['payload'];
  audience: Audience;
}

const toEntry = (r: FeedRow): FeedEntry => ({
  companyId: r.company_id,
  seq: r.seq,
  channel: r.channel,
  payload: r.payload,
  audience: r.audience,
});

/**
 * Gives drafts their per-company sequence numbers and stores them, inside the projector's transaction. The
 * sequence row stays locked until commit, so sequence order is commit order within a company.
 */
export async function appendFeedEntries(trx: Knex.Transaction, drafts: FeedDraft[]): Promise<FeedEntry[]> {
  if (drafts.length === 0) return [];
  const byCompany = new Map<number, FeedDraft[]>();
  for (const d of drafts) {
    const list = byCompany.get(d.companyId);
    if (list) list.push(d);
    else byCompany.set(d.companyId, [d]);
  }
  const entries: FeedEntry[] = [];
  // Always lock companies in the same order, so two projectors never wait on each other in a circle.
  for (const companyId of [...byCompany.keys()].sort((a, b) => a - b)) {
    const list = byCompany.get(companyId)!;
    const { rows } = await trx.raw<{ rows: Array<{ seq: number }> }>(
      `INSERT INTO feed_sequences (company_id, seq) VALUES (?, ?)
       ON CONFLICT (company_id) DO UPDATE SET seq = feed_sequences.seq + EXCLUDED.seq RETURNING seq`,
      [companyId, list.length],
    );
    const last = rows[0]!.seq;
    list.forEach((d, i) => entries.push({ ...d, seq: last - list.length + 1 + i }));
  }
  await trx('feed_entries').insert(
    entries.map((e) => ({
      company_id: e.companyId,
      seq: e.seq,
      channel: e.channel,
      payload: JSON.stringify(e.payload),
      audience: JSON.stringify(e.audience),
    })),
  );
  return entries;
}

export class FeedStore {
  constructor(private readonly knex: Knex) {}

  async currentSeq(companyId: number): Promise<number> {
    const row = await this.knex('feed_sequences').where({ company_id: companyId }).first('seq');
    return (row?.seq as number | undefined) ?? 0;
  }

  async currentSeqs(companyIds: number[]): Promise<Map<number, number>> {
    const rows = (await this.knex('feed_sequences').whereIn('company_id', companyIds).select('company_id', 'seq')) as Array<{
      company_id: number;
      seq: number;
    }>;
    return new Map(rows.map((r) => [r.company_id, r.seq]));
  }

  /**
   * Entries after `afterSeq`, oldest first. `complete` is false when retention already dropped some of them:
   * the client cannot catch up and must reload. The entries and the company's sequence are read in one statement,
   * so in one snapshot: read apart, an entry committed between the two reads looked like one retention dropped.
   */
  async entriesAfter(companyId: number, afterSeq: number, limit = 1000): Promise<{ entries: FeedEntry[]; complete: boolean }> {
    const { rows } = await this.knex.raw<{ rows: Array<FeedRow & { current: number }> }>(
      `SELECT s.seq AS current, f.company_id, f.seq, f.channel, f.payload, f.audience
         FROM feed_sequences s
         LEFT JOIN LATERAL (
           SELECT * FROM feed_entries e WHERE e.company_id = s.company_id AND e.seq > ? ORDER BY e.seq LIMIT ?
         ) f ON true
        WHERE s.company_id = ?
        ORDER BY f.seq`,
      [afterSeq, limit, companyId],
    );
    const current = rows[0]?.current ?? 0;
    const found = rows.filter((r) => r.seq !== null);
    if (found.length > 0 ? found[0]!.seq !== afterSeq + 1 : current > afterSeq) return { entries: [], complete: false };
    return { entries: found.map(toEntry), complete: true };
  }

  /** Keeps the newest `keep` entries of each company. */
  async prune(keep: number): Promise<number> {
    return this.knex.raw(
      `DELETE FROM feed_entries f USING feed_sequences s
        WHERE f.company_id = s.company_id AND f.seq <= s.seq - ?`,
      [keep],
    ).then((r: { rowCount: number }) => r.rowCount);
  }
}
