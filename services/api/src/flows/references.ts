import type { Knex } from 'knex';
import type { ReferenceKind } from '@atendo/flow-engine';
import { companyOfKey, type BlobStore } from '../media/blobStore.js';

/** The key of a stored file's URL (`/public/<key>`), or undefined for any other address. */
export const keyOfMediaUrl = (url: string): string | undefined => (url.startsWith('/public/') ? url.slice('/public/'.length) : undefined);

/**
 * Of the queues, people and files named (by a flow's block, an integration's answer …), those that are not the
 * company's: ids of another company's records or of none, files under another company's key, of no key, or no longer
 * stored. Sequential ids can be guessed, so a name alone proves nothing.
 */
export async function notTheCompanys<R extends { kind: ReferenceKind; value: number | string }>(
  deps: { knex: Knex; blobs: BlobStore },
  companyId: number,
  references: readonly R[],
): Promise<R[]> {
  const owned = async (table: 'queues' | 'users', kind: ReferenceKind) => {
    const ids = [...new Set(references.filter((r) => r.kind === kind).map((r) => Number(r.value)))].filter(Number.isSafeInteger);
    if (ids.length === 0) return new Set<number>();
    const rows = (await deps.knex(table).where({ company_id: companyId }).whereIn('id', ids).select('id')) as Array<{ id: string | number }>;
    return new Set(rows.map((r) => Number(r.id)));
  };
  const [queues, users] = await Promise.all([owned('queues', 'queue'), owned('users', 'user')]);
  const files = new Map<string, boolean>();
  for (const r of references) {
    if (r.kind !== 'media' || files.has(String(r.value))) continue;
    const key = keyOfMediaUrl(String(r.value));
    files.set(String(r.value), key !== undefined && companyOfKey(key) === companyId && (await deps.blobs.exists(key)));
  }
  return references.filter((r) => (r.kind === 'queue' ? !queues.has(Number(r.value)) : r.kind === 'user' ? !users.has(Number(r.value)) : !files.get(String(r.value))));
}
