import { type ContactStreamService } from '@atendo/core';
import { AppError } from '@atendo/platform';
import { TicketQueries } from '@atendo/read';
import { eachCompany, LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';

/** Without a sign of life for this long, an agent is not at the console (the presence table's rule). */
const ONLINE_WITHIN_SECONDS = 5 * 60;

/**
 * First-in-first-out assignment (issue 11), for companies with `autoAssign` enabled: each tick, the oldest pending
 * tickets of each queue (in a queue, the bot done with them, not groups) go to the queue's agents who are online and
 * under the company's `agentCapacity`, the least loaded first. Each assignment is an `AcceptTicket` command, so an
 * agent who accepts the same ticket at the same moment wins or loses cleanly, and the log says the system did it.
 */
export class TicketAssigner extends LeaderProcess {
  readonly name = 'assigner';
  private readonly tickets: TicketQueries;
  /** Tickets assigned since start. */
  assigned = 0;

  constructor(private readonly options: RunnerOptions & { conversations: ContactStreamService; everyMs?: number }) {
    // One jobs node assigns; the others stand by. A round every `everyMs`, leading or not, failed or not.
    const everyMs = options.everyMs ?? 1_000;
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:assigner', log: options.log, what: 'automatic assignment', standbyMs: everyMs, retryMs: everyMs });
    this.tickets = new TicketQueries(options.knex);
  }

  protected async look(): Promise<number> {
    await this.assignAll();
    return this.options.everyMs ?? 1_000;
  }

  /** One round over every company that assigns automatically; answers how many tickets it assigned. */
  async assignAll(): Promise<number> {
    const { knex } = this.options;
    const companies = (await knex('companies').whereRaw(`settings->>'autoAssign' = 'enabled'`).select('id', 'settings')) as Array<{ id: string | number; settings: Record<string, string> }>;
    const done = await eachCompany(
      companies,
      (company) => this.assign(Number(company.id), Number(company.settings.agentCapacity ?? 0)),
      (company, err) => this.options.log.error({ err, companyId: Number(company.id) }, "a company's automatic assignment failed; trying at the next round"),
    );
    this.assigned += done;
    return done;
  }

  private async assign(companyId: number, capacity: number): Promise<number> {
    const { knex } = this.options;
    const waiting = (await knex('tickets')
      .where({ company_id: companyId, status: 'pending', chatbot: false, is_group: false })
      .whereNotNull('queue_id')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(200)
      .select('id', 'queue_id', 'stream_id')) as Array<{ id: string | number; queue_id: string | number; stream_id: string }>;
    if (!waiting.length) return 0;
    const agents = (await knex('users as u')
      .join('user_presence as p', 'p.user_id', 'u.id')
      .where('u.company_id', companyId)
      .where('p.last_seen_at', '>', knex.raw(`now() - interval '${ONLINE_WITHIN_SECONDS} seconds'`))
      .select('u.id', 'u.queue_ids')) as Array<{ id: string | number; queue_ids: number[] }>;
    if (!agents.length) return 0;
    const load = await this.tickets.openLoad(companyId, agents.map((a) => Number(a.id)));
    let done = 0;
    for (const ticket of waiting) {
      const queueId = Number(ticket.queue_id);
      const candidates = agents
        .map((a) => ({ id: Number(a.id), queues: a.queue_ids.map(Number) }))
        .filter((a) => a.queues.includes(queueId) && (!capacity || (load.get(a.id) ?? 0) < capacity))
        .sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || a.id - b.id);
      const agent = candidates[0];
      if (!agent) continue;
      try {
        const result = await this.options.conversations.execute(ticket.stream_id, { type: 'AcceptTicket', ticketId: Number(ticket.id), userId: agent.id }, { actor: { type: 'system', name: 'assigner' } });
        if (result.events.length) {
          load.set(agent.id, (load.get(agent.id) ?? 0) + 1);
          done++;
        }
      } catch (error) {
        // Someone took it first, or it closed meanwhile: the next ticket.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return done;
  }
}
