import type { Knex } from 'knex';
import type { Queue } from '@atendo/contracts';

export class QueueQueries {
  constructor(private readonly knex: Knex) {}

  async queues(companyId: number): Promise<Queue[]> {
    const rows = await this.knex('queues').where({ company_id: companyId }).orderBy([{ column: 'order_queue', order: 'asc' }, 'id']);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      color: r.color,
      greetingMessage: r.greeting_message,
      outOfHoursMessage: r.out_of_hours_message,
      orderQueue: r.order_queue,
      promptId: null,
      integrationId: null,
    }));
  }
}
