import type { Knex } from 'knex';
import { STORAGE_MB_DEFAULT } from '@atendo/contracts';
import { AppError, type Migration, sqlMigration } from '@atendo/platform';
import { companyOfKey, mediaKey, type BlobStore } from './blobStore.js';
import { storeUploads, type ReceivedUpload, type StoredUpload } from './uploads.js';

/**
 * What each company keeps: one row per upload, with its size, and when something first used it. Not a projection
 * (the bytes are not in the log either): a rebuild leaves it alone.
 */
export const mediaStorageMigrations: Migration[] = [
  sqlMigration(
    '202611291310_media_uploads',
    `
        CREATE TABLE media_uploads (
          key text PRIMARY KEY,
          company_id bigint NOT NULL,
          size bigint NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          used_at timestamptz
        );
        CREATE INDEX media_uploads_company ON media_uploads (company_id);
        CREATE INDEX media_uploads_unused ON media_uploads (created_at) WHERE used_at IS NULL;
      `,
    'DROP TABLE media_uploads',
  ),
];

const MIB = 1024 * 1024;

/**
 * The company's uploads, within its plan's `storageMb` (issue 32): every route that keeps a request's files keeps them
 * here. A file the caller uses later (POST /media, a flow block's) stays "pending" until a save names it; one nothing
 * named within a day is collected by the jobs role's sweep (`sweepUnused`). Each company's changes take its own advisory
 * lock, so two uploads at once cannot both squeeze under the limit, and a sweep cannot delete a file a save is naming.
 */
export class MediaStorage {
  constructor(
    readonly blobs: BlobStore,
    private readonly knex: Knex,
  ) {}

  private locked<T>(companyId: number, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.knex.transaction(async (trx) => {
      // Hashed to the lock's 32 bits: two companies that share a hash only wait for each other.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), hashtext(?))', ['media_uploads', String(companyId)]);
      return work(trx);
    });
  }

  /**
   * Keeps received files for the company, all or none, or refuses them (413 ERR_STORAGE_QUOTA) when they would take it
   * past its plan. Their room is taken before the bytes are written, so the check and the count cannot drift apart;
   * `pending`: the caller names the files in a later save (markUsed), and unnamed ones are collected.
   */
  async keep(companyId: number, uploads: readonly ReceivedUpload[], { pending = false } = {}): Promise<StoredUpload[]> {
    const now = new Date();
    const keys = uploads.map((u) => mediaKey(companyId, u.ext, now));
    const incoming = uploads.reduce((sum, u) => sum + u.size, 0);
    await this.locked(companyId, async (trx) => {
      const { rows } = (await trx.raw(
        `SELECT (SELECT coalesce(sum(size), 0) FROM media_uploads WHERE company_id = ?) AS used,
                (SELECT plans.storage_mb FROM companies JOIN plans ON plans.id = companies.plan_id WHERE companies.id = ?) AS limit_mb`,
        [companyId, companyId],
      )) as { rows: Array<{ used: string; limit_mb: number | null }> };
      const used = Number(rows[0]!.used);
      const limit = (rows[0]!.limit_mb ?? STORAGE_MB_DEFAULT) * MIB;
      if (used + incoming > limit) {
        throw new AppError('ERR_STORAGE_QUOTA', 413, `The company keeps ${used} bytes of its plan's ${limit}; these files' ${incoming} bytes do not fit`);
      }
      await trx('media_uploads').insert(keys.map((key, i) => ({ key, company_id: companyId, size: uploads[i]!.size })));
    });
    let stored: StoredUpload[];
    try {
      stored = await storeUploads(this.blobs, companyId, uploads, now, keys);
    } catch (error) {
      // Unused rows would be collected anyway; giving the room back now lets the caller try again at once.
      await this.knex('media_uploads').whereIn('key', keys).delete().catch(() => undefined);
      throw error;
    }
    if (!pending) await this.knex('media_uploads').whereIn('key', keys).update({ used_at: this.knex.fn.now() });
    return stored;
  }

  /**
   * A save names these keys (a flow's blocks): the company's pending ones are kept for good. A key of the company that
   * was collected is refused (400), so nothing is saved pointing at a file that is gone.
   */
  async markUsed(companyId: number, keys: readonly string[]): Promise<void> {
    const own = [...new Set(keys)].filter((key) => companyOfKey(key) === companyId);
    if (own.length === 0) return;
    await this.locked(companyId, async (trx) => {
      const marked = (await trx('media_uploads')
        .where({ company_id: companyId })
        .whereIn('key', own)
        .update({ used_at: trx.raw('coalesce(used_at, now())') })
        .returning('key')) as Array<{ key: string }>;
      const known = new Set(marked.map((r) => r.key));
      // Files kept before the quota (or received from customers) have no row; they are there or they are not.
      for (const key of own.filter((k) => !known.has(k))) {
        if (!(await this.blobs.exists(key))) {
          throw new AppError('ERR_VALIDATION', 400, `The file ${key} is no longer stored: upload it again`, [{ path: 'media', message: 'validation.invalid' }]);
        }
      }
    });
  }

  /**
   * Stores one upload for a record, then hands it to `record` (the command that names it) and answers what that
   * answers; a refused command takes the stored file away again, so nothing stays that no record names.
   */
  async keepFor<T>(companyId: number, upload: ReceivedUpload, record: (stored: StoredUpload) => Promise<T>): Promise<T> {
    // The file first: the event that names it comes once it is stored.
    const [stored] = await this.keep(companyId, [upload]);
    try {
      return await record(stored!);
    } catch (error) {
      await this.remove(stored!.key).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes the file a record named by its public path (`/public/{key}`), if it named one; a failure is left be. */
  async removeNamed(mediaPath: string | null): Promise<void> {
    if (mediaPath) await this.remove(mediaPath.replace(/^\/public\//, '')).catch(() => undefined);
  }

  /** Deletes a kept file and gives its room back; one that is not there is not an error. */
  async remove(key: string): Promise<void> {
    await this.blobs.delete(key);
    await this.knex('media_uploads').where({ key }).delete();
  }

  /**
   * Deletes what the companies uploaded before `cutoff` and nothing used since, up to `batch` files each, and gives
   * their room back; a company whose files cannot be deleted now is answered in `failed` and does not hold the others.
   */
  async sweepUnused(cutoff: Date, batch = 200): Promise<{ swept: number; failed: Array<{ companyId: number; error: unknown }> }> {
    const companies = (await this.knex('media_uploads').whereNull('used_at').where('created_at', '<', cutoff).distinct('company_id')) as Array<{ company_id: string }>;
    let swept = 0;
    const failed: Array<{ companyId: number; error: unknown }> = [];
    for (const companyId of companies.map((c) => Number(c.company_id))) {
      try {
        // Under the lock until the bytes are gone: a save naming one of them waits, then finds it collected.
        await this.locked(companyId, async (trx) => {
          const due = (await trx('media_uploads').where({ company_id: companyId }).whereNull('used_at').where('created_at', '<', cutoff).limit(batch).pluck('key')) as string[];
          for (const key of due) {
            // A row goes only with its bytes: what could not be deleted stays counted and is tried at the next look,
            // and what was deleted before it is committed.
            try {
              await this.blobs.delete(key);
            } catch (error) {
              failed.push({ companyId, error });
              return;
            }
            await trx('media_uploads').where({ key }).delete();
            swept += 1;
          }
        });
      } catch (error) {
        failed.push({ companyId, error });
      }
    }
    return { swept, failed };
  }
}
