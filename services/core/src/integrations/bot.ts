import type { PromptEvent, PromptFields, QueueIntegrationEvent, QueueIntegrationFields } from '@atendo/contracts';
import { type EventStore, type Migration, AppError, DomainError, streamId, idSequences } from '@atendo/platform';
import type { Decider, DomainEvent } from '../commands/decider.js';
import { handleCommand, type CommandContext } from '../commands/handler.js';

/**
 * Prompts and queue integrations (issue 15) share one model, kept here once: a record whose changes are numbered
 * (the flow runner pins a run to the version it started on), and whose outside calls are either working or failing.
 * Only a change of health is recorded, so an outage writes one event, not one per call.
 */
export type BotEvent<K extends string, F> =
  | DomainEvent<`${K}Created`, { id: number; version: number } & F>
  | DomainEvent<`${K}Updated`, { id: number; version: number; changes: Partial<F> }>
  | DomainEvent<`${K}Deleted`, { id: number }>
  | DomainEvent<`${K}Failing`, { id: number; error: string; ticketId: number | null; at: string }>
  | DomainEvent<`${K}Recovered`, { id: number; at: string }>;

export type BotCommand<F> =
  | { type: 'create'; id: number; fields: F }
  | { type: 'update'; changes: Partial<F> }
  | { type: 'delete' }
  | { type: 'markFailing'; error: string; ticketId: number | null; at: string }
  | { type: 'markRecovered'; at: string };

export type BotState<F> =
  | { status: 'absent' }
  | { status: 'live'; id: number; version: number; fields: F; health: 'ok' | 'failing' }
  | { status: 'deleted'; id: number };

function botDecider<K extends string, F extends object>(kind: K, notFoundCode: 'ERR_PROMPT_NOT_FOUND' | 'ERR_QUEUE_INTEGRATION_NOT_FOUND', label: string): Decider<BotCommand<F>, BotEvent<K, F>, BotState<F>> {
  const type = <S extends string>(suffix: S) => `${kind}${suffix}` as `${K}${S}`;
  const event = (t: string, data: unknown) => ({ type: t, data }) as BotEvent<K, F>;
  const live = (state: BotState<F>) => {
    if (state.status !== 'live') {
      const id = state.status === 'deleted' ? state.id : undefined;
      throw new DomainError(notFoundCode, id === undefined ? `${label} not found` : `${label} ${id} not found`, undefined, 404);
    }
    return state;
  };
  return {
    initialState: () => ({ status: 'absent' }),
    evolve(state, e) {
      const data = e.data as Record<string, unknown>;
      if (e.type === type('Created')) {
        const { id, version, ...fields } = data as { id: number; version: number } & F;
        return { status: 'live', id, version, fields: fields as unknown as F, health: 'ok' };
      }
      if (state.status !== 'live') return state;
      switch (e.type) {
        case type('Updated'):
          return { ...state, version: data.version as number, fields: { ...state.fields, ...(data.changes as Partial<F>) } };
        case type('Deleted'):
          return { status: 'deleted', id: state.id };
        case type('Failing'):
          return { ...state, health: 'failing' };
        case type('Recovered'):
          return { ...state, health: 'ok' };
        default:
          return state;
      }
    },
    decide(command, state) {
      switch (command.type) {
        case 'create':
          if (state.status !== 'absent') throw new DomainError('ERR_VALIDATION', `${label} ${command.id} already exists`);
          return [event(type('Created'), { id: command.id, version: 1, ...command.fields })];
        case 'update': {
          const current = live(state);
          const fields = current.fields as Record<string, unknown>;
          const changes = Object.fromEntries(
            Object.entries(command.changes).filter(([key, value]) => value !== undefined && JSON.stringify(fields[key]) !== JSON.stringify(value)),
          );
          if (Object.keys(changes).length === 0) return [];
          return [event(type('Updated'), { id: current.id, version: current.version + 1, changes })];
        }
        case 'delete':
          return [event(type('Deleted'), { id: live(state).id })];
        case 'markFailing': {
          const current = live(state);
          if (current.health === 'failing') return [];
          return [event(type('Failing'), { id: current.id, error: command.error, ticketId: command.ticketId, at: command.at })];
        }
        case 'markRecovered': {
          const current = live(state);
          if (current.health === 'ok') return [];
          return [event(type('Recovered'), { id: current.id, at: command.at })];
        }
        default: {
          const unreachable: never = command;
          return unreachable;
        }
      }
    },
  };
}

export type PromptCommand = BotCommand<PromptFields>;
export type PromptState = BotState<PromptFields>;
export type QueueIntegrationCommand = BotCommand<QueueIntegrationFields>;
export type QueueIntegrationState = BotState<QueueIntegrationFields>;

export const promptDecider = botDecider<'Prompt', PromptFields>('Prompt', 'ERR_PROMPT_NOT_FOUND', 'Prompt') as unknown as Decider<PromptCommand, PromptEvent, PromptState>;
export const queueIntegrationDecider = botDecider<'QueueIntegration', QueueIntegrationFields>(
  'QueueIntegration',
  'ERR_QUEUE_INTEGRATION_NOT_FOUND',
  'Queue integration',
) as unknown as Decider<QueueIntegrationCommand, QueueIntegrationEvent, QueueIntegrationState>;

export const promptStream = (companyId: number, id: number) => streamId('prompt', companyId, id);
export const queueIntegrationStream = (companyId: number, id: number) => streamId('queueIntegration', companyId, id);

/** Ids of prompts and queue integrations. */
export const integrationIdMigrations: Migration[] = [idSequences('202611290101_integration_ids', 'prompt', 'queueIntegration')];

/** Which automation: a prompt or a queue integration (as the flow runner's `BotRef` names them). */
export interface BotKey {
  kind: 'prompt' | 'integration';
  companyId: number;
  id: number;
}

/** How one outside call of a bot fared (`error` worded without secrets). */
export type BotOutcome = { ok: true; at: string } | { ok: false; error: string; ticketId: number | null; at: string };

/**
 * The flow runner tells how a prompt's or an integration's outside call fared: the record turns `failing` at the
 * first call that failed for good and `ok` again at the next that works. A bot deleted meanwhile is left alone.
 */
export async function recordBotHealth(store: EventStore, bot: BotKey, outcome: BotOutcome, context: CommandContext): Promise<void> {
  const command = outcome.ok ? ({ type: 'markRecovered', at: outcome.at } as const) : ({ type: 'markFailing', error: outcome.error, ticketId: outcome.ticketId, at: outcome.at } as const);
  try {
    if (bot.kind === 'prompt') await handleCommand(store, promptDecider, promptStream(bot.companyId, bot.id), command, context);
    else await handleCommand(store, queueIntegrationDecider, queueIntegrationStream(bot.companyId, bot.id), command, context);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'ERR_PROMPT_NOT_FOUND' || error.code === 'ERR_QUEUE_INTEGRATION_NOT_FOUND')) return;
    throw error;
  }
}
