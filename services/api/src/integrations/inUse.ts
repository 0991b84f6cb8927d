import { AppError } from '@atendo/platform';
import type { BotKind, BotQueries } from '@atendo/read';

const listed = (what: string, ids: number[]) => (ids.length === 0 ? [] : [`${what} ${ids.join(', ')}`]);

/** Refuses to delete a prompt or an integration that a queue or a connection still hands its conversations to. */
export async function inUse(bots: BotQueries, companyId: number, kind: BotKind, id: number): Promise<void> {
  const { queueIds, whatsappIds } = await bots.usage(companyId, kind, id);
  if (queueIds.length === 0 && whatsappIds.length === 0) return;
  const users = [...listed(queueIds.length === 1 ? 'queue' : 'queues', queueIds), ...listed(whatsappIds.length === 1 ? 'connection' : 'connections', whatsappIds)].join(' and ');
  const name = kind === 'prompt' ? `Prompt ${id}` : `Integration ${id}`;
  throw new AppError('ERR_INTEGRATION_IN_USE', 409, `${name} is used by ${users}: choose another there first`, { queueIds, whatsappIds });
}
