import type { Knex } from 'knex';
import type { Queue, QueueOption } from '@atendo/contracts';

type QueueRow = {
  id: string | number;
  name: string;
  color: string;
  greeting_message: string;
  out_of_hours_message: string;
  order_queue: number | null;
  prompt_id: string | number | null;
  integration_id: string | number | null;
  schedules: Queue['schedules'] | null;
};

type OptionRow = { id: string | number; queue_id: string | number; parent_id: string | number | null; title: string; message: string; option: number };

const toQueue = (r: QueueRow): Queue => ({
  id: Number(r.id),
  name: r.name,
  color: r.color,
  greetingMessage: r.greeting_message,
  outOfHoursMessage: r.out_of_hours_message,
  orderQueue: r.order_queue,
  promptId: r.prompt_id === null ? null : Number(r.prompt_id),
  integrationId: r.integration_id === null ? null : Number(r.integration_id),
  schedules: r.schedules ?? [],
});

const toOption = (r: OptionRow): QueueOption => ({
  id: Number(r.id),
  queueId: Number(r.queue_id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  title: r.title,
  message: r.message,
  option: r.option,
  children: [],
});

export class QueueQueries {
  constructor(private readonly knex: Knex) {}

  async queues(companyId: number): Promise<Queue[]> {
    const rows = await this.knex('queues').where({ company_id: companyId }).orderBy([{ column: 'order_queue', order: 'asc' }, 'id']);
    return rows.map(toQueue);
  }

  async queue(companyId: number, id: number): Promise<Queue | undefined> {
    const row = await this.knex('queues').where({ company_id: companyId, id }).first();
    return row ? toQueue(row) : undefined;
  }

  async count(companyId: number): Promise<number> {
    const row = await this.knex('queues').where({ company_id: companyId }).count({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  /** A colour another queue of the company uses (compared as typed, without case). */
  async colorTaken(companyId: number, color: string, except?: number): Promise<boolean> {
    const query = this.knex('queues').where({ company_id: companyId }).whereRaw('lower(color) = lower(?)', [color.trim()]);
    if (except !== undefined) query.whereNot({ id: except });
    return !!(await query.first('id'));
  }

  async option(companyId: number, id: number): Promise<QueueOption | undefined> {
    const row = await this.knex('queue_options').where({ company_id: companyId, id }).first();
    return row ? toOption(row) : undefined;
  }

  /** A level of a queue's menu (`parentId` null: the top), each option with its whole subtree, in menu order. */
  async options(companyId: number, queueId: number, parentId: number | null): Promise<QueueOption[]> {
    const rows: OptionRow[] = await this.knex('queue_options').where({ company_id: companyId, queue_id: queueId }).orderBy(['option', 'id']);
    const byParent = new Map<number | null, QueueOption[]>();
    for (const option of rows.map(toOption)) byParent.set(option.parentId, [...(byParent.get(option.parentId) ?? []), option]);
    const attach = (list: QueueOption[]): QueueOption[] => list.map((o) => ({ ...o, children: attach(byParent.get(o.id) ?? []) }));
    return attach(byParent.get(parentId) ?? []);
  }
}
