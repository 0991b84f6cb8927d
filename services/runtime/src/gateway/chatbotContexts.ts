import type { Knex } from 'knex';
import { ratingQuestion, SETTINGS, type ChatbotContext, type ChatbotOption, type FlowTriggers, type QueueOption } from '@atendo/contracts';
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
      ...(known.flows.campaigns.length ? { flows: known.flows } : {}),
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
      .first('company_id', 'greeting_message', 'out_of_hours_message', 'rating_message', 'complation_message', 'queue_ids', 'max_use_bot_queues', 'time_use_bot_queues', 'transfer_queue_id', 'time_to_transfer');
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
      flows: await this.flows.triggers(connectionId),
    };
  }
}
