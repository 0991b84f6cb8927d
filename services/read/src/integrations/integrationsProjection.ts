import {
  PROMPT_EVENT_TYPES,
  QUEUE_INTEGRATION_EVENT_TYPES,
  type Prompt,
  type PromptEvent,
  type PromptFeedPayload,
  type QueueIntegration,
  type QueueIntegrationEvent,
  type QueueIntegrationFeedPayload,
  type RecordedEvent,
} from '@atendo/contracts';
import type { Knex } from 'knex';
import type { Projection } from '../projections/projection.js';
import { columnsOf, PROMPT_COLUMNS, PromptQueries, QUEUE_INTEGRATION_COLUMNS, QueueIntegrationQueries, type BotKind } from './queries.js';

/**
 * What a realtime entry shows of a secret. The read side holds only references and cannot open them (their last four
 * characters are in the write side's sealed table), so an entry shows the bare mask; the API's answers show the last
 * four.
 */
const BARE_MASK = '••••';
const masked = (ref: string) => (ref === '' ? '' : BARE_MASK);

const maskPrompt = (p: Prompt): Prompt => ({ ...p, apiKey: masked(p.apiKey), voiceKey: masked(p.voiceKey) });
const maskIntegration = (i: QueueIntegration): QueueIntegration => ({ ...i, jsonContent: masked(i.jsonContent), webhookSecret: masked(i.webhookSecret) });

const SPEC: Record<BotKind, { table: string; columns: Record<string, string> }> = {
  prompt: { table: 'prompts', columns: PROMPT_COLUMNS },
  integration: { table: 'queue_integrations', columns: QUEUE_INTEGRATION_COLUMNS },
};

type BotEvent = PromptEvent | QueueIntegrationEvent;

/** `PromptCreated` → ['prompt', 'Created']. */
function split(type: BotEvent['type']): [BotKind, 'Created' | 'Updated' | 'Deleted' | 'Failing' | 'Recovered'] {
  const kind: BotKind = type.startsWith('Prompt') ? 'prompt' : 'integration';
  return [kind, type.replace(/^(Prompt|QueueIntegration)/, '') as 'Created'];
}

/** The fields a bot had after its latest version, to which a change is added. */
async function lastFields(trx: Knex.Transaction, companyId: number, kind: BotKind, id: number): Promise<Record<string, unknown>> {
  const row = (await trx('bot_versions').where({ company_id: companyId, kind, bot_id: id }).orderBy('version', 'desc').first('fields')) as { fields: Record<string, unknown> } | undefined;
  return row?.fields ?? {};
}

/**
 * Prompts and queue integrations for their pages and the queue's and connection's forms, with how their outside calls
 * fare; and each one's fields at every version (`bot_versions`), which the flow runner pins a run to. The company's
 * admins hear each one created, changed (its health too) or deleted on the `prompt` and `queueIntegration` channels.
 */
export const integrationsProjection: Projection = {
  name: 'integrations',
  tables: ['prompts', 'queue_integrations', 'bot_versions'],
  eventTypes: [...PROMPT_EVENT_TYPES, ...QUEUE_INTEGRATION_EVENT_TYPES],
  placementOnly: true,
  async apply(events, { trx, emit, rebuilding }) {
    /** What each touched bot is to be announced as, in the order first touched. */
    const touched = new Map<string, { kind: BotKind; id: number; companyId: number; action: 'create' | 'update' | 'delete' }>();
    for (const recorded of events as RecordedEvent[]) {
      const { companyId, occurredAt: at } = recorded.metadata;
      const event = recorded as unknown as BotEvent;
      const [kind, what] = split(event.type);
      const { table, columns } = SPEC[kind];
      const { id } = event.data;
      const key = `${kind}:${id}`;
      const touch = (action: 'create' | 'update' | 'delete') => {
        const before = touched.get(key)?.action;
        touched.set(key, { kind, id, companyId, action: action === 'update' && before ? before : action });
      };
      switch (what) {
        case 'Created': {
          const { id: _id, version, ...fields } = event.data as { id: number; version: number } & Record<string, unknown>;
          await trx(table)
            .insert({ id, company_id: companyId, ...columnsOf(columns, fields), version, status: 'ok', last_error: null, last_error_at: null, created_at: at, updated_at: at })
            .onConflict('id')
            .merge();
          await trx('bot_versions').insert({ company_id: companyId, kind, bot_id: id, version, fields: JSON.stringify(fields) }).onConflict(['company_id', 'kind', 'bot_id', 'version']).merge();
          touch('create');
          break;
        }
        case 'Updated': {
          const { version, changes } = event.data as { version: number; changes: Record<string, unknown> };
          await trx(table).where({ id }).update({ ...columnsOf(columns, changes), version, updated_at: at });
          const fields = { ...(await lastFields(trx, companyId, kind, id)), ...changes };
          await trx('bot_versions').insert({ company_id: companyId, kind, bot_id: id, version, fields: JSON.stringify(fields) }).onConflict(['company_id', 'kind', 'bot_id', 'version']).merge();
          touch('update');
          break;
        }
        case 'Deleted':
          // Its versions stay: a run that started on one ends as it began.
          await trx(table).where({ id }).delete();
          touched.set(key, { kind, id, companyId, action: 'delete' });
          break;
        case 'Failing': {
          const { error, at: failedAt } = event.data as { error: string; at: string };
          await trx(table).where({ id }).update({ status: 'failing', last_error: error, last_error_at: failedAt });
          touch('update');
          break;
        }
        case 'Recovered':
          // The last error stays, for whoever looks into what happened.
          await trx(table).where({ id }).update({ status: 'ok' });
          touch('update');
          break;
        default: {
          const unreachable: never = what;
          return unreachable;
        }
      }
    }
    if (rebuilding) return;
    const prompts = new PromptQueries(trx);
    const integrations = new QueueIntegrationQueries(trx);
    const audience = { kind: 'admins' } as const;
    for (const { kind, id, companyId, action } of touched.values()) {
      if (kind === 'prompt') {
        if (action === 'delete') {
          emit({ companyId, channel: 'prompt', payload: { action, promptId: id } satisfies PromptFeedPayload, audience });
          continue;
        }
        const prompt = await prompts.find(companyId, id);
        if (prompt) emit({ companyId, channel: 'prompt', payload: { action, prompt: maskPrompt(prompt) } satisfies PromptFeedPayload, audience });
        continue;
      }
      if (action === 'delete') {
        emit({ companyId, channel: 'queueIntegration', payload: { action, integrationId: id } satisfies QueueIntegrationFeedPayload, audience });
        continue;
      }
      const queueIntegration = await integrations.find(companyId, id);
      if (queueIntegration) emit({ companyId, channel: 'queueIntegration', payload: { action, queueIntegration: maskIntegration(queueIntegration) } satisfies QueueIntegrationFeedPayload, audience });
    }
  },
};
