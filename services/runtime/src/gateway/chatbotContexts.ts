import type { Knex } from 'knex';
import { ratingQuestion, SETTINGS, type BotRef, type BotTriggers, type ChatbotContext, type ChatbotOption, type FlowTriggers, type QueueOption } from '@atendo/contracts';
import { CompanyQueries, FlowQueries, QueueQueries } from '@atendo/read';

interface Known {
  chatbot: ChatbotContext;
  ignoreGroups: boolean;
  /** The connection's `timeToTransfer` when it has a transfer queue: a new ticket with no queue moves then. */
  autoTransferMinutes?: number;
  /** Its flow campaigns' phrases (active campaigns of active, published flows). */
  flows: FlowTriggers;
}

const toBot = (o: QueueOption): ChatbotOption => ({ id: o.id, option: o.option, title: o.title, message: o.message, children: o.children.map(toBot) });

/**
 * What the chatbot knows of each connection — its greeting and limits, its queues in their order with their menus,
 * the company's `sendGreetingMessageOneQueues` — and whether its company takes group messages, read from the catalogue and kept for a second, so a burst of
 * messages reads it once and an admin's change applies from the next second on.
 */
export class ChatbotContexts {
  private readonly cache = new Map<number, { at: number; context: Promise<Known | undefined> }>();
  private readonly queues: QueueQueries;
  private readonly companies: CompanyQueries;
  private readonly flows: FlowQueries;

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs = 1_000,
  ) {
    this.queues = new QueueQueries(knex);
    this.companies = new CompanyQueries(knex);
    this.flows = new FlowQueries(knex);
  }

  async of(connectionId: number): Promise<ChatbotContext | undefined> {
    return (await this.known(connectionId))?.chatbot;
  }

  /** What a customer's message on this connection is decided with: the chatbot and the auto-transfer timer. */
  async inbound(connectionId: number): Promise<{ chatbot?: ChatbotContext; autoTransferMinutes?: number; flows?: FlowTriggers }> {
    const known = await this.known(connectionId);
    if (!known) return {};
    return {
      chatbot: known.chatbot,
      ...(known.autoTransferMinutes ? { autoTransferMinutes: known.autoTransferMinutes } : {}),
      ...(known.flows.campaigns.length || known.flows.bots ? { flows: known.flows } : {}),
    };
  }

  /** The company's `CheckMsgIsGroup`: messages in WhatsApp groups open no tickets. */
  async ignoresGroups(connectionId: number): Promise<boolean> {
    return (await this.known(connectionId))?.ignoreGroups ?? false;
  }

  private known(connectionId: number): Promise<Known | undefined> {
    const now = Date.now();
    const known = this.cache.get(connectionId);
    if (known && now - known.at < this.ttlMs) return known.context;
    const context = this.read(connectionId);
    this.cache.set(connectionId, { at: now, context });
    // A failed read is not kept: the next message reads again.
    context.catch(() => this.cache.delete(connectionId));
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return context;
  }

  private async read(connectionId: number): Promise<Known | undefined> {
    const row = await this.knex('whatsapps')
      .where({ id: connectionId })
      .first('company_id', 'greeting_message', 'out_of_hours_message', 'rating_message', 'complation_message', 'queue_ids', 'max_use_bot_queues', 'time_use_bot_queues', 'transfer_queue_id', 'time_to_transfer', 'prompt_id', 'integration_id');
    if (!row) return undefined;
    const companyId = Number(row.company_id);
    const wanted = new Set((row.queue_ids as number[]).map(Number));
    const queues = (await this.queues.queues(companyId)).filter((q) => wanted.has(q.id));
    const company = await this.companies.company(companyId);
    const settings = company?.settings ?? {};
    const scope = settings.scheduleType === 'company' || settings.scheduleType === 'queue' ? settings.scheduleType : 'disabled';
    const chatbot: ChatbotContext = {
      greetingMessage: row.greeting_message,
      queues: await Promise.all(
        queues.map(async (q) => ({
          id: q.id,
          name: q.name,
          greetingMessage: q.greetingMessage,
          outOfHoursMessage: q.outOfHoursMessage,
          schedules: q.schedules,
          options: (await this.queues.options(companyId, q.id, null)).map(toBot),
        })),
      ),
      hours: { scope, timeZone: settings.timeZone ?? SETTINGS.timeZone.default, schedules: company?.schedules ?? [], outOfHoursMessage: row.out_of_hours_message },
      greetOneQueue: settings.sendGreetingMessageOneQueues === 'enabled',
      maxInvalid: Number(row.max_use_bot_queues),
      invalidWindowMinutes: Number(row.time_use_bot_queues),
      transferQueueId: row.transfer_queue_id === null ? null : Number(row.transfer_queue_id),
      rating: { question: ratingQuestion(row.rating_message), completion: row.complation_message },
    };
    const autoTransferMinutes = row.transfer_queue_id === null ? 0 : Number(row.time_to_transfer) || 0;
    return {
      chatbot,
      ignoreGroups: (settings.CheckMsgIsGroup ?? SETTINGS.CheckMsgIsGroup.default) === 'enabled',
      ...(autoTransferMinutes > 0 ? { autoTransferMinutes } : {}),
      flows: await this.withBots(companyId, row, queues, await this.flows.triggers(connectionId)),
    };
  }

  /**
   * The connection's and its queues' prompts and integrations (decision 0033), those the company's plan allows: a
   * queue's or connection's integration wins over its prompt, as one conversation has one automation at a time.
   */
  private async withBots(
    companyId: number,
    connection: { prompt_id: string | number | null; integration_id: string | number | null },
    queues: Array<{ id: number; promptId: number | null; integrationId: number | null }>,
    triggers: FlowTriggers,
  ): Promise<FlowTriggers> {
    const linked = [connection, ...queues.map((q) => ({ prompt_id: q.promptId, integration_id: q.integrationId }))];
    if (!linked.some((l) => l.prompt_id !== null || l.integration_id !== null)) return triggers;
    const [useOpenAi, useIntegrations] = await Promise.all([this.companies.planAllows(companyId, 'useOpenAi'), this.companies.planAllows(companyId, 'useIntegrations')]);
    const integrations = new Map<number, { type: string; flowId: number | null }>();
    const prompts = new Set<number>();
    if (useIntegrations) {
      const ids = linked.flatMap((l) => (l.integration_id === null ? [] : [Number(l.integration_id)]));
      if (ids.length) {
        for (const r of (await this.knex('queue_integrations').where({ company_id: companyId }).whereIn('id', ids).select('id', 'type', 'flow_id')) as Array<{ id: string | number; type: string; flow_id: string | number | null }>) {
          integrations.set(Number(r.id), { type: r.type, flowId: r.flow_id === null ? null : Number(r.flow_id) });
        }
      }
    }
    if (useOpenAi) {
      const ids = linked.flatMap((l) => (l.prompt_id === null ? [] : [Number(l.prompt_id)]));
      if (ids.length) for (const r of (await this.knex('prompts').where({ company_id: companyId }).whereIn('id', ids).select('id')) as Array<{ id: string | number }>) prompts.add(Number(r.id));
    }
    const refOf = (l: { prompt_id: string | number | null; integration_id: string | number | null }): BotRef | null => {
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
    return bots.connection || Object.keys(bots.queues).length ? { ...triggers, bots } : triggers;
  }
}
