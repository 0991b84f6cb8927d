import type { BotRef, BotTriggers } from '@atendo/contracts';
import { CompanyQueries } from '@atendo/read';
import type { InboundEnricher } from '../../gateway/inboundContexts.js';

type Linked = { prompt_id: string | number | null; integration_id: string | number | null };

/**
 * The connection's and its queues' prompts and integrations (decision 0033), those the company's plan allows: a
 * queue's or connection's integration wins over its prompt, as one conversation has one automation at a time. They
 * join the flow triggers (`flows.bots`) the flows read before.
 */
export const botsInbound: InboundEnricher = {
  name: 'bots',
  async read(knex, { connectionId, companyId, queues }, before) {
    const connection = (await knex('whatsapps').where({ id: connectionId }).first('prompt_id', 'integration_id')) as Linked | undefined;
    if (!connection) return {};
    const linked: Linked[] = [connection, ...queues.map((q) => ({ prompt_id: q.promptId, integration_id: q.integrationId }))];
    if (!linked.some((l) => l.prompt_id !== null || l.integration_id !== null)) return {};
    const companies = new CompanyQueries(knex);
    const [useOpenAi, useIntegrations] = await Promise.all([companies.planAllows(companyId, 'useOpenAi'), companies.planAllows(companyId, 'useIntegrations')]);
    const integrations = new Map<number, { type: string; flowId: number | null }>();
    const prompts = new Set<number>();
    if (useIntegrations) {
      const ids = linked.flatMap((l) => (l.integration_id === null ? [] : [Number(l.integration_id)]));
      if (ids.length) {
        for (const r of (await knex('queue_integrations').where({ company_id: companyId }).whereIn('id', ids).select('id', 'type', 'flow_id')) as Array<{ id: string | number; type: string; flow_id: string | number | null }>) {
          integrations.set(Number(r.id), { type: r.type, flowId: r.flow_id === null ? null : Number(r.flow_id) });
        }
      }
    }
    if (useOpenAi) {
      const ids = linked.flatMap((l) => (l.prompt_id === null ? [] : [Number(l.prompt_id)]));
      if (ids.length) for (const r of (await knex('prompts').where({ company_id: companyId }).whereIn('id', ids).select('id')) as Array<{ id: string | number }>) prompts.add(Number(r.id));
    }
    const refOf = (l: Linked): BotRef | null => {
      const integration = l.integration_id === null ? undefined : integrations.get(Number(l.integration_id));
      if (integration) {
        // A flowbuilder integration whose flow is gone has nothing to run.
        if (integration.type === 'flowbuilder' && integration.flowId === null) return null;
        return { kind: 'integration', id: Number(l.integration_id), flowId: integration.type === 'flowbuilder' ? integration.flowId : null };
      }
      return l.prompt_id !== null && prompts.has(Number(l.prompt_id)) ? { kind: 'prompt', id: Number(l.prompt_id), flowId: null } : null;
    };
    const bots: BotTriggers = { connection: refOf(connection), queues: {} };
    for (const q of queues) {
      const ref = refOf({ prompt_id: q.promptId, integration_id: q.integrationId });
      if (ref) bots.queues[q.id] = ref;
    }
    return bots.connection || Object.keys(bots.queues).length ? { flows: { ...(before.flows ?? { campaigns: [] }), bots } } : {};
  },
};
