import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';
import type { FlowCampaignFeedPayload, FlowExecutionEvent, FlowFeedPayload, FlowGraph, RecordedEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes } from '../projections/records.js';
import { FlowQueries } from './queries.js';

export const flowsMigrations: Migration[] = [
  sqlMigration(
    '202611271801_flows',
    `
        CREATE TABLE flows (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, active boolean NOT NULL DEFAULT true,
          version integer NOT NULL DEFAULT 0, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX flows_company ON flows (company_id, name);
        CREATE TABLE flow_versions (
          company_id bigint NOT NULL, flow_id bigint NOT NULL, version integer NOT NULL, graph jsonb NOT NULL,
          created_at timestamptz NOT NULL, PRIMARY KEY (flow_id, version)
        );
        CREATE TABLE flow_campaigns (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, flow_id bigint NOT NULL, whatsapp_id bigint NOT NULL,
          phrase text NOT NULL, status boolean NOT NULL DEFAULT true, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX flow_campaigns_company ON flow_campaigns (company_id, name);
        CREATE INDEX flow_campaigns_whatsapp ON flow_campaigns (whatsapp_id) WHERE status;
        CREATE TABLE flow_executions (
          execution_id text PRIMARY KEY, company_id bigint NOT NULL, flow_id bigint NOT NULL, version integer NOT NULL,
          ticket_id bigint NOT NULL, status text NOT NULL, node_id text, steps integer NOT NULL DEFAULT 0,
          wait_kind text, wait_id integer, due_at timestamptz, outcome text,
          started_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX flow_executions_ticket ON flow_executions (company_id, ticket_id) WHERE status = 'running';
        CREATE INDEX flow_executions_due ON flow_executions (due_at) WHERE status = 'running' AND due_at IS NOT NULL;
      `,
    'DROP TABLE flow_executions; DROP TABLE flow_campaigns; DROP TABLE flow_versions; DROP TABLE flows',
  ),
];

/** An effect not settled this long after it was asked for is performed again by the runner (at least once). */
export const EFFECT_RETRY_SECONDS = 120;

const FLOW = { kind: 'Flow', table: 'flows', columns: new Set(['company_id', 'name', 'active']) };
const CAMPAIGN = { kind: 'FlowCampaign', table: 'flow_campaigns', columns: new Set(['company_id', 'name', 'flow_id', 'whatsapp_id', 'phrase', 'status']) };

export const FLOW_EXECUTION_EVENT_TYPES: ReadonlyArray<FlowExecutionEvent['type']> = [
  'FlowStarted', 'BlockEntered', 'MessagesRequested', 'VariableSet', 'ReplyAwaited', 'ReplyReceived', 'ReplyExpired', 'DelayStarted', 'DelayEnded',
  'EffectRequested', 'EffectSettled', 'TicketHandedOver', 'FlowFinished', 'FlowFailed',
];

type ExecutionRow = {
  execution_id: string; company_id?: number; flow_id?: number; version?: number; ticket_id?: number; status?: string; node_id?: string | null;
  steps?: number; wait_kind?: string | null; wait_id?: number | null; due_at?: string | null; outcome?: string | null; started_at?: string; updated_at: string;
};

/**
 * Flows, their versions and campaigns (for the pages and the gateway's phrase triggers), and one row per execution:
 * where it is and what it waits for, with the due time the runner fires (reply timeouts, delays, effects to retry).
 * A batch's events of one execution make one write.
 */
export const flowsProjection: Projection = {
  name: 'flows',
  tables: ['flows', 'flow_versions', 'flow_campaigns', 'flow_executions'],
  eventTypes: [...recordEventTypes('Flow'), 'FlowPublished', ...recordEventTypes('FlowCampaign'), ...FLOW_EXECUTION_EVENT_TYPES],
  async apply(events, { trx, emit, rebuilding }) {
    const queries = new FlowQueries(trx);
    const executions = new Map<string, ExecutionRow>();
    for (const event of events) {
      const companyId = event.metadata.companyId;
      if (event.type === 'FlowPublished') {
        const { id, version, graph } = event.data as { id: number; version: number; graph: FlowGraph };
        await trx('flow_versions').insert({ company_id: companyId, flow_id: id, version, graph: JSON.stringify(graph), created_at: event.metadata.occurredAt }).onConflict(['flow_id', 'version']).ignore();
        await trx('flows').where({ id }).update({ version, updated_at: event.metadata.occurredAt });
        if (!rebuilding) {
          const record = await queries.find(companyId, id);
          if (record) emit({ companyId, channel: 'flow', payload: { action: 'update', record } satisfies FlowFeedPayload, audience: { kind: 'admins' } });
        }
        continue;
      }
      const flowChange = await applyRecordEvent(FLOW, event, trx);
      if (flowChange) {
        const { id } = event.data as { id: number };
        if (flowChange === 'delete') await trx('flow_versions').where({ flow_id: id }).delete();
        if (rebuilding) continue;
        const record = flowChange === 'delete' ? null : await queries.find(companyId, id);
        const payload: FlowFeedPayload = record ? { action: flowChange as 'create' | 'update', record } : { action: 'delete', id };
        emit({ companyId, channel: 'flow', payload, audience: { kind: 'admins' } });
        continue;
      }
      const campaignChange = await applyRecordEvent(CAMPAIGN, event, trx);
      if (campaignChange) {
        if (rebuilding) continue;
        const { id } = event.data as { id: number };
        const record = campaignChange === 'delete' ? null : await queries.campaign(companyId, id);
        const payload: FlowCampaignFeedPayload = record ? { action: campaignChange as 'create' | 'update', record } : { action: 'delete', id };
        emit({ companyId, channel: 'flowcampaign', payload, audience: { kind: 'admins' } });
        continue;
      }
      foldExecution(executions, event);
    }
    await writeExecutions(trx, executions);
  },
};

/** The execution's id from its stream (`flowExecution-{companyId}.{id}`). */
const executionOf = (event: RecordedEvent) => event.streamId.slice(event.streamId.indexOf('.') + 1);

function foldExecution(rows: Map<string, ExecutionRow>, event: RecordedEvent): void {
  const executionId = executionOf(event);
  const at = event.metadata.occurredAt;
  const row: ExecutionRow = rows.get(executionId) ?? { execution_id: executionId, updated_at: at };
  row.updated_at = at;
  const e = { type: event.type, data: event.data } as FlowExecutionEvent;
  switch (e.type) {
    case 'FlowStarted':
      Object.assign(row, { company_id: event.metadata.companyId, flow_id: e.data.flowId, version: e.data.version, ticket_id: e.data.ticketId, status: 'running', steps: 0, started_at: at });
      break;
    case 'BlockEntered':
      row.node_id = e.data.nodeId;
      row.steps = (row.steps ?? 0) + 1;
      break;
    case 'ReplyAwaited':
      Object.assign(row, { wait_kind: 'reply', wait_id: e.data.waitId, due_at: e.data.dueAt });
      break;
    case 'DelayStarted':
      Object.assign(row, { wait_kind: 'delay', wait_id: e.data.waitId, due_at: e.data.dueAt });
      break;
    case 'EffectRequested':
      Object.assign(row, { wait_kind: 'effect', wait_id: e.data.waitId, due_at: new Date(Date.parse(at) + EFFECT_RETRY_SECONDS * 1000).toISOString() });
      break;
    case 'ReplyReceived':
    case 'ReplyExpired':
    case 'DelayEnded':
    case 'EffectSettled':
      Object.assign(row, { wait_kind: null, wait_id: null, due_at: null });
      break;
    case 'FlowFinished':
      Object.assign(row, { status: 'ended', wait_kind: null, wait_id: null, due_at: null, outcome: e.data.reason });
      break;
    case 'FlowFailed':
      Object.assign(row, { status: 'ended', wait_kind: null, wait_id: null, due_at: null, outcome: `failed:${e.data.code}` });
      break;
    default:
      break;
  }
  rows.set(executionId, row);
}

/** What an execution's row may change after its start, each set only when a batch's events set it. */
const CHANGING = ['node_id', 'status', 'wait_kind', 'wait_id', 'due_at', 'outcome'] as const;

/**
 * Two statements a batch, whatever the number of executions it moves: the started ones inserted whole, the others
 * updated with what changed (a column the batch did not touch keeps its value; steps add up). One statement per
 * execution made the flows read model most of a flow step's round trips to PostgreSQL.
 */
async function writeExecutions(trx: Knex.Transaction, rows: Map<string, ExecutionRow>): Promise<void> {
  const started: ExecutionRow[] = [];
  const moved: Array<Record<string, unknown>> = [];
  for (const row of rows.values()) {
    if (row.started_at) {
      started.push({ node_id: null, wait_kind: null, wait_id: null, due_at: null, outcome: null, ...row, steps: row.steps ?? 0 });
      continue;
    }
    moved.push({ ...row, steps: row.steps ?? 0, set: CHANGING.filter((c) => c in row) });
  }
  if (started.length > 0) await trx('flow_executions').insert(started).onConflict('execution_id').merge();
  if (moved.length === 0) return;
  const kept = (c: string) => `${c} = CASE WHEN jsonb_exists(v.set, '${c}') THEN v.${c} ELSE f.${c} END`;
  await trx.raw(
    `UPDATE flow_executions f SET updated_at = v.updated_at, steps = f.steps + v.steps, ${CHANGING.map(kept).join(', ')}
       FROM jsonb_to_recordset(?::jsonb) AS v(execution_id text, updated_at timestamptz, steps integer, set jsonb,
            node_id text, status text, wait_kind text, wait_id integer, due_at timestamptz, outcome text)
      WHERE f.execution_id = v.execution_id`,
    [JSON.stringify(moved)],
  );
}
