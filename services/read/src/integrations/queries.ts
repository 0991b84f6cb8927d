import type { Knex } from 'knex';
import type { BotHealth, Prompt, PromptFields, QueueIntegration, QueueIntegrationFields, QueueIntegrationPage } from '@atendo/contracts';

export const QUEUE_INTEGRATIONS_PAGE_SIZE = 20;

/** Each field of a prompt and its column. */
export const PROMPT_COLUMNS = {
  name: 'name',
  prompt: 'prompt',
  model: 'model',
  maxTokens: 'max_tokens',
  temperature: 'temperature',
  apiKey: 'api_key',
  queueId: 'queue_id',
  maxMessages: 'max_messages',
  voice: 'voice',
  voiceKey: 'voice_key',
  voiceRegion: 'voice_region',
} as const satisfies Record<keyof PromptFields, string>;

/** Each field of a queue integration and its column. */
export const QUEUE_INTEGRATION_COLUMNS = {
  type: 'type',
  name: 'name',
  projectName: 'project_name',
  jsonContent: 'json_content',
  language: 'language',
  urlN8N: 'url_n8n',
  webhookSecret: 'webhook_secret',
  typebotSlug: 'typebot_slug',
  typebotDelayMessage: 'typebot_delay_message',
  typebotExpires: 'typebot_expires',
  typebotKeywordFinish: 'typebot_keyword_finish',
  typebotKeywordRestart: 'typebot_keyword_restart',
  typebotRestartMessage: 'typebot_restart_message',
  typebotUnknownMessage: 'typebot_unknown_message',
  flowId: 'flow_id',
} as const satisfies Record<keyof QueueIntegrationFields, string>;

/** The columns of the fields given (those left undefined are left out). */
export function columnsOf(columns: Record<string, string>, fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (value === undefined || !(key in columns) ? [] : [[columns[key]!, value]])));
}

type Row = Record<string, unknown> & { id: string | number; status: 'ok' | 'failing'; last_error: string | null; last_error_at: Date | null; created_at: Date; updated_at: Date };

const numeric = new Set(['maxTokens', 'temperature', 'queueId', 'maxMessages', 'typebotDelayMessage', 'typebotExpires']);

function fieldsOf<F>(columns: Record<string, string>, row: Row): F {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => {
      const value = row[column];
      return [key, value !== null && (numeric.has(key) || key === 'flowId') ? Number(value) : value];
    }),
  ) as F;
}

const healthOf = (row: Row): BotHealth => ({ status: row.status, lastError: row.last_error, lastErrorAt: row.last_error_at ? new Date(row.last_error_at).toISOString() : null });
const stamps = (row: Row) => ({ createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString() });

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The company's prompts as the read model keeps them: their secrets (`apiKey`, `voiceKey`) are `secret:<id>` references
 * here; the API shows them masked.
 */
export class PromptQueries {
  constructor(private readonly knex: Knex) {}

  private rows(companyId: number) {
    return this.knex('prompts as p')
      .leftJoin('queues as q', (j) => j.on('q.id', 'p.queue_id').andOn('q.company_id', 'p.company_id'))
      .where('p.company_id', companyId)
      .select('p.*', 'q.name as queue_name');
  }

  private toPrompt = (row: Row & { queue_name: string | null }): Prompt => {
    const fields = fieldsOf<PromptFields>(PROMPT_COLUMNS, row);
    return { id: Number(row.id), ...fields, queue: row.queue_name === null ? null : { id: fields.queueId, name: row.queue_name }, health: healthOf(row), ...stamps(row) };
  };

  /** Every prompt of the company, by name. */
  async all(companyId: number): Promise<Prompt[]> {
    return ((await this.rows(companyId).orderByRaw('lower(p.name), p.id')) as Array<Row & { queue_name: string | null }>).map(this.toPrompt);
  }

  /** One prompt; another company's is not there. */
  async find(companyId: number, id: number): Promise<Prompt | undefined> {
    const row = (await this.rows(companyId).where('p.id', id).first()) as (Row & { queue_name: string | null }) | undefined;
    return row ? this.toPrompt(row) : undefined;
  }
}

/** The company's queue integrations; their secrets (`jsonContent`, `webhookSecret`) are references here. */
export class QueueIntegrationQueries {
  constructor(private readonly knex: Knex) {}

  private toIntegration = (row: Row): QueueIntegration => ({ id: Number(row.id), ...fieldsOf<QueueIntegrationFields>(QUEUE_INTEGRATION_COLUMNS, row), health: healthOf(row), ...stamps(row) });

  /** A page of the company's integrations by name; `searchParam` matches the name, whatever the case. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<QueueIntegrationPage> {
    const matching = this.knex('queue_integrations').where({ company_id: companyId });
    if (searchParam.trim()) matching.whereRaw('lower(name) LIKE ?', [likeTerm(searchParam.trim().toLowerCase())]);
    const [{ count }] = (await matching.clone().count<{ count: string }[]>('* as count')) as [{ count: string }];
    const rows = (await matching
      .clone()
      .orderByRaw('lower(name), id')
      .offset((pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE)
      .limit(QUEUE_INTEGRATIONS_PAGE_SIZE)) as Row[];
    const total = Number(count);
    return { queueIntegrations: rows.map(this.toIntegration), count: total, hasMore: pageNumber * QUEUE_INTEGRATIONS_PAGE_SIZE < total };
  }

  /** Every integration of the company, by name (the queue's and the connection's forms). */
  async all(companyId: number): Promise<QueueIntegration[]> {
    return ((await this.knex('queue_integrations').where({ company_id: companyId }).orderByRaw('lower(name), id')) as Row[]).map(this.toIntegration);
  }

  async find(companyId: number, id: number): Promise<QueueIntegration | undefined> {
    const row = (await this.knex('queue_integrations').where({ company_id: companyId, id }).first()) as Row | undefined;
    return row ? this.toIntegration(row) : undefined;
  }
}

export type BotKind = 'prompt' | 'integration';
const TABLE_OF: Record<BotKind, string> = { prompt: 'prompts', integration: 'queue_integrations' };
const LINK_OF: Record<BotKind, string> = { prompt: 'prompt_id', integration: 'integration_id' };

/** A bot's fields as they were at one version: `PromptFields` or `QueueIntegrationFields` (secrets as references). */
export interface BotVersion {
  version: number;
  fields: unknown;
}

/** What the flow runner and the checks of queues and connections ask about prompts and integrations alike. */
export class BotQueries {
  constructor(private readonly knex: Knex) {}

  /** Whether the company has this prompt or integration. */
  async exists(companyId: number, kind: BotKind, id: number): Promise<boolean> {
    return (await this.knex(TABLE_OF[kind]).where({ company_id: companyId, id }).first('id')) !== undefined;
  }

  /** Its current fields, to start a run on; null once deleted (or never the company's). */
  async latest(companyId: number, kind: BotKind, id: number): Promise<BotVersion | null> {
    const row = (await this.knex('bot_versions as v')
      .whereExists((q) => q.select(this.knex.raw('1')).from(`${TABLE_OF[kind]} as b`).where('b.company_id', companyId).andWhere('b.id', id))
      .where({ 'v.company_id': companyId, 'v.kind': kind, 'v.bot_id': id })
      .orderBy('v.version', 'desc')
      .first('v.version', 'v.fields')) as BotVersion | undefined;
    return row ? { version: Number(row.version), fields: row.fields } : null;
  }

  /** Its fields at a version a run started on (kept after a change or a deletion, so the run ends as it began). */
  async version(companyId: number, kind: BotKind, id: number, version: number): Promise<BotVersion | null> {
    const row = (await this.knex('bot_versions').where({ company_id: companyId, kind, bot_id: id, version }).first('version', 'fields')) as BotVersion | undefined;
    return row ? { version: Number(row.version), fields: row.fields } : null;
  }

  /** The queues and connections of the company that hand their conversations to it. */
  async usage(companyId: number, kind: BotKind, id: number): Promise<{ queueIds: number[]; whatsappIds: number[] }> {
    const column = LINK_OF[kind];
    const [queues, whatsapps] = await Promise.all([
      this.knex('queues').where({ company_id: companyId, [column]: id }).orderBy('id').pluck('id'),
      this.knex('whatsapps').where({ company_id: companyId, [column]: id }).orderBy('id').pluck('id'),
    ]);
    return { queueIds: queues.map(Number), whatsappIds: whatsapps.map(Number) };
  }
}
