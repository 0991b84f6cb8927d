import { AppError } from '@atendo/platform';
import type { BotQueries } from '@atendo/read';

/**
 * A queue or a connection names the prompt or the integration that answers its customers: only one of the company's.
 * Another company's id, or one that never was, is refused like an unknown queue.
 */
export async function checkBotLinks(bots: BotQueries, companyId: number, fields: { promptId?: number | null; integrationId?: number | null }): Promise<void> {
  for (const [path, kind] of [['promptId', 'prompt'], ['integrationId', 'integration']] as const) {
    const id = fields[path];
    if (id != null && !(await bots.exists(companyId, kind, id))) throw new AppError('ERR_VALIDATION', 400, `The company has no ${kind} ${id}`, [{ path, message: 'validation.invalid' }]);
  }
}
