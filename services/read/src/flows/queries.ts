import type { Knex } from 'knex';
import type { Flow, FlowCampaign, FlowGraph, FlowPage, FlowTriggers, FlowVersion } from '@atendo/contracts';
import { foldPhrase } from '@atendo/contracts';

export const FLOWS_PAGE_SIZE = 20;

type FlowRow = { id: string | number; name: string; active: boolean; version: number; created_at: Date; updated_at: Date };
type CampaignRow = { id: string | number; name: string; flow_id: string | number; whatsapp_id: string | number; phrase: string; status: boolean; created_at: Date; updated_at: Date };

const toFlow = (r: FlowRow): Flow => ({
  id: Number(r.id), name: r.name, active: r.active, version: Number(r.version),
  createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
});

const toCampaign = (r: CampaignRow): FlowCampaign => ({
  id: Number(r.id), name: r.name, flowId: Number(r.flow_id), whatsappId: Number(r.whatsapp_id), phrase: r.phrase, status: r.status,
  createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
});

/** `%` and `_` typed by a user are themselves, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A running (or ended) execution as the runner and the console see it. */
export interface FlowExecutionRow {
  executionId: string;
  companyId: number;
  flowId: number;
  version: number;
  ticketId: number;
  status: 'running' | 'ended';
  waitKind: 'reply' | 'delay' | 'effect' | null;
  waitId: number | null;
  dueAt: Date | null;
}

export class FlowQueries {
  constructor(private readonly knex: Knex) {}

  async find(companyId: number, id: number): Promise<Flow | undefined> {
    const row = (await this.knex('flows').where({ company_id: companyId, id }).first()) as FlowRow | undefined;
    return row ? toFlow(row) : undefined;
  }

  /** A page of the company's flows by name; `searchParam` matches the name, whatever the case. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<FlowPage> {
    let q = this.knex('flows').where({ company_id: companyId });
    if (searchParam) q = q.whereRaw('lower(name) LIKE ?', [`%${literal(searchParam.toLowerCase())}%`]);
    const rows = (await q.orderBy([{ column: 'name' }, { column: 'id' }]).offset((pageNumber - 1) * FLOWS_PAGE_SIZE).limit(FLOWS_PAGE_SIZE + 1)) as FlowRow[];
    return { flows: rows.slice(0, FLOWS_PAGE_SIZE).map(toFlow), hasMore: rows.length > FLOWS_PAGE_SIZE };
  }

  /** A published version's graph (the latest when `version` is absent); null if never published. */
  async graph(companyId: number, flowId: number, version?: number): Promise<FlowVersion | null> {
    let q = this.knex('flow_versions').where({ company_id: companyId, flow_id: flowId });
    q = version === undefined ? q.orderBy('version', 'desc') : q.where({ version });
    const row = (await q.first('version', 'graph')) as { version: number; graph: FlowGraph } | undefined;
    return row ? { flowId, version: Number(row.version), graph: row.graph } : null;
  }

  async campaign(companyId: number, id: number): Promise<FlowCampaign | undefined> {
    const row = (await this.knex('flow_campaigns').where({ company_id: companyId, id }).first()) as CampaignRow | undefined;
    return row ? toCampaign(row) : undefined;
  }

  async campaigns(companyId: number): Promise<FlowCampaign[]> {
    const rows = (await this.knex('flow_campaigns').where({ company_id: companyId }).orderBy([{ column: 'name' }, { column: 'id' }]).limit(1000)) as CampaignRow[];
    return rows.map(toCampaign);
  }

  /** How many campaigns start this flow (a flow in use is still deletable; its campaigns stop matching). */
  async campaignsOf(companyId: number, flowId: number): Promise<FlowCampaign[]> {
    const rows = (await this.knex('flow_campaigns').where({ company_id: companyId, flow_id: flowId })) as CampaignRow[];
    return rows.map(toCampaign);
  }

  /** What a connection's messages are checked against: active campaigns of active, published flows. */
  async triggers(whatsappId: number): Promise<FlowTriggers> {
    const rows = (await this.knex('flow_campaigns as c')
      .join('flows as f', 'f.id', 'c.flow_id')
      .where({ 'c.whatsapp_id': whatsappId, 'c.status': true, 'f.active': true })
      .where('f.version', '>', 0)
      .select('c.id', 'c.flow_id', 'c.phrase')) as Array<{ id: string | number; flow_id: string | number; phrase: string }>;
    return { campaigns: rows.map((r) => ({ id: Number(r.id), flowId: Number(r.flow_id), phrase: foldPhrase(r.phrase) })) };
  }

  /** Executions of a ticket still running (to stop when a person takes it). */
  async runningOn(companyId: number, ticketId: number): Promise<FlowExecutionRow[]> {
    return (await this.knex('flow_executions').where({ company_id: companyId, ticket_id: ticketId, status: 'running' })).map(toExecution);
  }

  /** Waits whose time came (reply timeouts, delays) and effects not settled by then, oldest first. */
  async due(now: Date, limit: number): Promise<FlowExecutionRow[]> {
    const rows = await this.knex('flow_executions').where({ status: 'running' }).whereNotNull('due_at').where('due_at', '<=', now).orderBy('due_at').limit(limit);
    return rows.map(toExecution);
  }

  /** The earliest due time of any wait, for the runner's sleep. */
  async nextDue(): Promise<Date | null> {
    const row = (await this.knex('flow_executions').where({ status: 'running' }).whereNotNull('due_at').min('due_at as at').first()) as { at: Date | null } | undefined;
    return row?.at ? new Date(row.at) : null;
  }

  async waiting(): Promise<number> {
    const row = (await this.knex('flow_executions').where({ status: 'running' }).count('* as n').first()) as { n: string };
    return Number(row.n);
  }
}

function toExecution(r: Record<string, unknown>): FlowExecutionRow {
  return {
    executionId: String(r.execution_id), companyId: Number(r.company_id), flowId: Number(r.flow_id), version: Number(r.version), ticketId: Number(r.ticket_id),
    status: r.status as 'running' | 'ended', waitKind: (r.wait_kind as FlowExecutionRow['waitKind']) ?? null, waitId: r.wait_id === null ? null : Number(r.wait_id),
    dueAt: r.due_at ? new Date(r.due_at as string) : null,
  };
}
