import type { MediaType } from '@atendo/contracts';
import type { MediaStorage } from '../media/storage.js';
import type { ReceivedUpload, StoredUpload } from '../media/uploads.js';

/**
 * A request's files, each its own message: kept within the plan's storage, then queued one by one by `queue` (the console's
 * reply or the external API's send). Files nothing was queued with (the ticket closed meanwhile, say) are removed again.
 * Answers what `queue` answered, in order.
 */
export async function queueFiles<R>(
  storage: MediaStorage,
  companyId: number,
  uploads: readonly ReceivedUpload[],
  queue: (file: StoredUpload, media: { mediaType: MediaType; mediaUrl: string }, index: number) => Promise<R>,
): Promise<R[]> {
  const stored = await storage.keep(companyId, uploads);
  const queued: R[] = [];
  try {
    for (const [i, file] of stored.entries()) queued.push(await queue(file, { mediaType: file.kind as MediaType, mediaUrl: `/public/${file.key}` }, i));
  } catch (error) {
    if (!queued.length) await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => undefined)));
    throw error;
  }
  return queued;
}
